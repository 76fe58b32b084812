import { describe, expect, it } from "vitest"
import { isCharacterToken, keyToken } from "../../src/tui/key-token.ts"

const key = (over: Partial<Parameters<typeof keyToken>[0]>) => ({ name: "", sequence: "", ctrl: false, meta: false, shift: false, ...over })

describe("keyToken", () => {
  it("spells a shifted letter the same from a raw terminal and from the kitty protocol", () => {
    expect(keyToken(key({ name: "j", sequence: "J", shift: true }))).toBe("J")
    expect(keyToken(key({ name: "J", sequence: "J" }))).toBe("J")
  })

  it("spells Ctrl+R as ctrl+r whatever byte the terminal sent", () => {
    expect(keyToken(key({ name: "r", sequence: "\x12", ctrl: true }))).toBe("ctrl+r")
    expect(keyToken(key({ name: "r", sequence: "r", ctrl: true }))).toBe("ctrl+r")
  })

  it("names special keys by their name and back-tab as shift+tab", () => {
    expect(keyToken(key({ name: "down", sequence: "\x1b[B" }))).toBe("down")
    expect(keyToken(key({ name: "return", sequence: "\r" }))).toBe("return")
    expect(keyToken(key({ name: "tab", sequence: "\x1b[Z", shift: true }))).toBe("shift+tab")
  })

  it("keeps punctuation as typed", () => {
    expect(keyToken(key({ name: "!", sequence: "!" }))).toBe("!")
    expect(keyToken(key({ name: "/", sequence: "/" }))).toBe("/")
  })

  it("treats single printable characters, and only those, as typing", () => {
    expect(isCharacterToken("q")).toBe(true)
    expect(isCharacterToken("?")).toBe(true)
    expect(isCharacterToken("return")).toBe(false)
    expect(isCharacterToken("ctrl+c")).toBe(false)
    expect(isCharacterToken("space")).toBe(false)
  })
})
