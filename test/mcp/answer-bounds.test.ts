import { describe, expect, it } from "vitest"
import { MAX_ITEMS, MAX_STRING, MAX_TASK_HISTORY, boundAnswer, boundFullTask, compactTask, pageOf } from "../../src/mcp/answer-bounds.ts"

const taskJson = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Task ${id}`,
  description: "",
  status: "todo",
  priority: "high",
  project: null,
  tags: [],
  dueDate: null,
  parentId: null,
  notes: [],
  timeEntries: [],
  subtaskIds: [],
  blocked: false,
  progress: null,
  ...extra,
})

describe("MCP answer bounds", () => {
  it("compacts a task to the fields an agent picks work by, leaving empty ones out", () => {
    expect(compactTask(taskJson("a"))).toEqual({ id: "a", title: "Task a", status: "todo", priority: "high" })
    expect(compactTask(taskJson("b", { project: "web", tags: ["x"], dueDate: "2026-01-02", parentId: "a", blocked: true, progress: { done: 1, total: 3 } }))).toEqual({
      id: "b",
      title: "Task b",
      status: "todo",
      priority: "high",
      project: "web",
      tags: ["x"],
      dueDate: "2026-01-02",
      parentId: "a",
      blocked: true,
      subtasks: "1/3",
    })
  })

  it("cuts a long array inside an answer and says how many it left out", () => {
    const bounded = boundAnswer({ lines: Array.from({ length: 80 }, (_, i) => i) }) as Record<string, unknown>
    expect(bounded.lines).toHaveLength(MAX_ITEMS)
    expect(bounded.linesOmitted).toBe(80 - MAX_ITEMS)
  })

  it("turns a long top-level array into a page with its total", () => {
    expect(boundAnswer(Array.from({ length: 60 }, (_, i) => i))).toMatchObject({ total: 60, offset: 0, nextOffset: MAX_ITEMS })
  })

  it("cuts a long string and says how much is missing", () => {
    const cut = boundAnswer({ text: "x".repeat(MAX_STRING + 10) }) as { text: string }
    expect(cut.text).toHaveLength(MAX_STRING + "… (10 more characters)".length)
    expect(cut.text.endsWith("… (10 more characters)")).toBe(true)
  })

  it("shows a whole task with its newest notes and compact subtasks", () => {
    const notes = Array.from({ length: 30 }, (_, i) => ({ id: `n${i}`, content: `note ${i}`, createdAt: "", source: "cli" }))
    const full = boundFullTask({ ...taskJson("p", { notes }), subtasks: [taskJson("k")] })
    expect((full.notes as Array<{ id: string }>).map((n) => n.id)).toEqual(notes.slice(-MAX_TASK_HISTORY).map((n) => n.id))
    expect(full.notesOmitted).toBe(30 - MAX_TASK_HISTORY)
    expect(full.subtasks).toEqual([{ id: "k", title: "Task k", status: "todo", priority: "high" }])
  })

  it("gives a page its next offset until the end", () => {
    expect(pageOf([taskJson("a"), taskJson("b")], 10, 13, true)).toMatchObject({ offset: 10, nextOffset: 12 })
    expect(pageOf([taskJson("a")], 12, 13, true).nextOffset).toBeNull()
  })
})
