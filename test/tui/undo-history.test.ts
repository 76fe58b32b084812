import { describe, expect, it } from "vitest"
import { UndoHistory } from "../../src/tui/undo-history.ts"

function counterStep(log: string[], name: string) {
  return { label: name, undo: async () => void log.push(`undo ${name}`), redo: async () => void log.push(`redo ${name}`) }
}

describe("UndoHistory", () => {
  it("undoes at least 50 steps, newest first", async () => {
    const log: string[] = []
    const history = new UndoHistory()
    for (let i = 0; i < 60; i++) history.record(counterStep(log, `s${i}`))
    for (let i = 0; i < 60; i++) await history.undo()
    expect(log).toHaveLength(60)
    expect(log[0]).toBe("undo s59")
    expect(log.at(-1)).toBe("undo s0")
  })

  it("forgets the oldest step beyond its limit", async () => {
    const history = new UndoHistory(3)
    for (let i = 0; i < 5; i++) history.record(counterStep([], `s${i}`))
    expect(history.size).toBe(3)
  })

  it("redoes what was undone, and a new step clears the redo stack", async () => {
    const log: string[] = []
    const history = new UndoHistory()
    history.record(counterStep(log, "a"))
    await history.undo()
    expect(history.canRedo).toBe(true)
    await history.redo()
    expect(log).toEqual(["undo a", "redo a"])
    await history.undo()
    history.record(counterStep(log, "b"))
    expect(history.canRedo).toBe(false)
  })

  it("keeps a step whose inverse failed, so it can be tried again", async () => {
    const history = new UndoHistory()
    history.record({ label: "x", undo: async () => Promise.reject(new Error("locked")), redo: async () => {} })
    await expect(history.undo()).rejects.toThrow("locked")
    expect(history.canUndo).toBe(true)
  })
})
