import { describe, expect, it } from "vitest"
import { Config, CONFIG_KEYS, DEFAULT_CONFIG, getConfigValue, parseConfigValue, setConfigValue } from "../../src/domain/config.ts"

describe("config", () => {
  it("fills every missing setting with the plain defaults", () => {
    expect(Config.parse({})).toEqual(DEFAULT_CONFIG)
    expect(Config.parse({ ui: { theme: "light" } }).ui).toEqual({ theme: "light", defaultView: "list", mouse: true, agentStrip: "auto" })
  })

  it("addresses every leaf by a dotted key", () => {
    expect(CONFIG_KEYS.map((k) => k.key)).toContain("integrations.agent.pollIntervalMs")
    expect(getConfigValue(DEFAULT_CONFIG, "integrations.agent.pollIntervalMs")).toBe(2000)
    expect(CONFIG_KEYS.every((k) => k.description.length > 0)).toBe(true)
  })

  it("parses typed values and explains the first problem", () => {
    expect(parseConfigValue("integrations.agent.enabled", "true")).toBe(true)
    expect(parseConfigValue("c64.ultimatePassword", "123")).toBe("123")
    expect(() => parseConfigValue("integrations.agent.pollIntervalMs", "10")).toThrow(/>=50/)
    expect(() => parseConfigValue("c64.backend", "amiga")).toThrow(/sim.*ultimate.*vice/)
    expect(() => parseConfigValue("nope", "1")).toThrow(/unknown config key/)
  })

  it("sets a value without touching the others", () => {
    const next = setConfigValue(DEFAULT_CONFIG, "c64.vicePort", 7000)
    expect(next.c64.vicePort).toBe(7000)
    expect(next.ui).toEqual(DEFAULT_CONFIG.ui)
    expect(DEFAULT_CONFIG.c64.vicePort).toBe(6502)
  })
})
