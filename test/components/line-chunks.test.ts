import { describe, expect, it } from "vitest"
import { TextAttributes } from "@opentui/core"
import { lineChunks, linesChunks } from "../../components/line.tsx"

describe("the chunks of a line", () => {
  it("joins neighbouring segments of one style into one chunk", () => {
    const chunks = lineChunks({ segments: [{ text: " #bug", fg: "#d7afff" }, { text: " #p1", fg: "#d7afff" }, { text: " @web", fg: "#87afff" }], fg: "#eeeeee" }, 20)
    expect(chunks.map((c) => c.text)).toEqual([" #bug #p1", " @web", "      "])
  })

  it("keeps segments apart whose colours or attributes differ", () => {
    const chunks = lineChunks({ segments: [{ text: "a", fg: "#ff0000" }, { text: "b", fg: "#ff0000", attributes: TextAttributes.BOLD }, { text: "c", fg: "#ff0000", bg: "#000000" }], fg: "#eeeeee" }, 3)
    expect(chunks.map((c) => c.text)).toEqual(["a", "b", "c"])
  })

  it("joins a segment without colours to the line's padding, both in the line's colours", () => {
    const chunks = lineChunks({ segments: [{ text: "plain" }], fg: "#eeeeee", bg: "#222222" }, 8)
    expect(chunks.map((c) => c.text)).toEqual(["plain   "])
  })
})

describe("the chunks of lines one under another", () => {
  it("ends each line but the last with its line break, in its last chunk", () => {
    const lines = [
      { segments: [{ text: "one", fg: "#ff0000" }], fg: "#eeeeee" },
      { segments: [{ text: "two", fg: "#ff0000" }], fg: "#eeeeee" },
    ]
    const chunks = linesChunks(lines, 5)
    expect(chunks.map((c) => c.text)).toEqual(["one", "  \n", "two", "  "])
    expect(chunks.map((c) => c.text).join("")).toBe("one  \ntwo  ")
  })
})

describe("the colours of chunks", () => {
  it("parses a colour once and shares it between the chunks of that colour", () => {
    const chunks = linesChunks(
      [
        { segments: [{ text: "a", fg: "#ff0000" }, { text: "b", fg: "#00ff00" }], fg: "#eeeeee" },
        { segments: [{ text: "c", fg: "#ff0000" }], fg: "#eeeeee" },
      ],
      2,
    )
    expect(chunks.map((c) => c.text)).toEqual(["a", "b\n", "c", " "])
    expect(chunks[2]!.fg).toBe(chunks[0]!.fg)
    expect(chunks[3]!.fg).not.toBe(chunks[0]!.fg)
    expect(chunks[0]!.fg!.toInts()).toEqual([255, 0, 0, 255])
  })
})
