import { describe, expect, it } from "vitest"
import { monthGrid } from "../../src/tui/calendar-model.ts"

describe("monthGrid", () => {
  it("starts on the Monday on or before the first of the month and spans six weeks", () => {
    const grid = monthGrid("2026-03-17")
    expect(grid.title).toBe("March 2026")
    expect(grid.weeks).toHaveLength(6)
    expect(grid.weeks[0]![0]).toBe("2026-02-23")
    expect(grid.weeks[0]![6]).toBe("2026-03-01")
    expect(grid.weeks[5]![6]).toBe("2026-04-05")
  })
})
