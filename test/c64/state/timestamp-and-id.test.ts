import { describe, expect, it } from "vitest"
import { formatTimestamp, formatTimestampAs, isTimestamp, parseTimestamp, restamp, timestampStyleOf } from "../../../src/c64/state/timestamp.ts"
import { formatTaskId, isTaskId, nextTaskCounter, sanitizeTaskName, taskCounterOf, MAX_NAME_LENGTH } from "../../../src/c64/state/task-id.ts"

describe("c64bridge timestamps", () => {
  it("writes UTC times as YYYY-MM-DDTHH-mm-ssZ", () => {
    expect(formatTimestamp(Date.UTC(2025, 9, 27, 11, 42, 3, 999))).toBe("2025-10-27T11-42-03Z")
  })

  it("reads its own format back to the same second", () => {
    expect(parseTimestamp("2025-10-27T11-42-03Z")).toBe(Date.UTC(2025, 9, 27, 11, 42, 3))
  })

  it("accepts ISO timestamps written by other c64bridge tools", () => {
    expect(parseTimestamp("2025-03-08T10:00:00.000Z")).toBe(Date.UTC(2025, 2, 8, 10, 0, 0))
    expect(parseTimestamp("2025-03-08T12:00:00+02:00")).toBe(Date.UTC(2025, 2, 8, 10, 0, 0))
  })

  it("rejects text that is not a timestamp, including impossible dates", () => {
    for (const bad of ["", "yesterday", "1700000000", "2025-02-30T10-00-00Z", "2025-10-27 11:42"]) {
      expect(isTimestamp(bad), bad).toBe(false)
    }
  })
})

describe("timestamp styles", () => {
  it("tells the spec's style from c64bridge's ISO style and converts between them", () => {
    expect(timestampStyleOf("2025-10-27T11-42-03Z")).toBe("spec")
    expect(timestampStyleOf("2025-10-27T11:42:03.000Z")).toBe("iso")
    expect(formatTimestampAs(Date.UTC(2025, 9, 27, 11, 42, 3), "iso")).toBe("2025-10-27T11:42:03.000Z")
    expect(restamp("2025-10-27T11-42-03Z", "iso")).toBe("2025-10-27T11:42:03.000Z")
    expect(restamp("2025-10-27T11:42:03.500Z", "spec")).toBe("2025-10-27T11-42-03Z")
    expect(restamp("not a time", "iso")).toBe("not a time")
  })
})

describe("task ids", () => {
  it("reads the counter of ids whose names other tools kept as given", () => {
    expect(taskCounterOf("0002_Screen Watch")).toBe(2)
    expect(taskCounterOf("0010_Sprites (old)")).toBe(10)
    expect(nextTaskCounter(["0001_read", "0002_Screen Watch"])).toBe(3)
  })

  it("pads the counter to four digits before the name", () => {
    expect(formatTaskId(1, "extract_sprites")).toBe("0001_extract_sprites")
    expect(formatTaskId(12345, "read")).toBe("12345_read")
  })

  it("reads the counter of ids and folder names and ignores other names", () => {
    expect(taskCounterOf("0042_read")).toBe(42)
    expect(taskCounterOf("background")).toBeNull()
    expect(taskCounterOf("42_read")).toBeNull()
    expect(isTaskId("0001_read_screen")).toBe(true)
  })

  it("continues after the highest number seen, never filling gaps", () => {
    expect(nextTaskCounter(["0001_a", "0007_b", "background", "0003_c"])).toBe(8)
    expect(nextTaskCounter([])).toBe(1)
  })

  it("reduces names to lower-case letters, digits, underscores and dashes", () => {
    expect(sanitizeTaskName("Extract Sprites!")).toBe("extract_sprites")
    expect(sanitizeTaskName("read-$0400")).toBe("read-_0400")
  })

  it("never lets a name climb out of its folder", () => {
    for (const hostile of ["../../etc/passwd", "..", "/abs/path", "a\\..\\b", "x/../../y"]) {
      const name = sanitizeTaskName(hostile, "read")
      expect(name).toMatch(/^[a-z0-9_-]+$/)
      expect(name).not.toContain("..")
    }
  })

  it("bounds the length of a name and falls back when nothing usable is left", () => {
    expect(sanitizeTaskName("a".repeat(500)).length).toBe(MAX_NAME_LENGTH)
    expect(sanitizeTaskName("!!!", "read")).toBe("read")
  })
})
