// The plain checks of task fields must agree with the file schema: whatever an operation accepts,
// the schema accepts when the file is read back, and the limits are the same.
import { describe, expect, it } from "vitest"
import { createTask, updateTask } from "../../src/domain/task-operations.ts"
import { Task } from "../../src/domain/task.ts"
import { CreateTaskInput } from "../../src/domain/task-input.ts"
import { fixedContext, makeTask } from "../helpers/task-fixtures.ts"

const accepted = [
  { title: "x".repeat(200) },
  { title: "a", tags: ["#ui", "ui", " bug "], project: " web ", dueDate: "2028-02-29", estimateMinutes: 0 },
  { title: "a", recurrence: { frequency: "yearly" as const, interval: 1000 }, description: "d".repeat(20000) },
  { title: "a", priority: "urgent" as const, status: "in_progress" as const, project: null, dueDate: null },
]
const rejected: Array<[string, Record<string, unknown>]> = [
  ["empty title", { title: "  " }],
  ["long title", { title: "x".repeat(201) }],
  ["bad date", { title: "a", dueDate: "2026-02-29" }],
  ["bad priority", { title: "a", priority: "critical" }],
  ["bad status", { title: "a", status: "waiting" }],
  ["negative estimate", { title: "a", estimateMinutes: -5 }],
  ["fractional estimate", { title: "a", estimateMinutes: 1.5 }],
  ["zero interval", { title: "a", recurrence: { frequency: "daily", interval: 0 } }],
  ["bad frequency", { title: "a", recurrence: { frequency: "hourly", interval: 1 } }],
  ["long tag", { title: "a", tags: ["t".repeat(51)] }],
  ["long project", { title: "a", project: "p".repeat(101) }],
]

describe("task field checks", () => {
  it.each(accepted)("accepts what the file schema accepts (%#)", (input) => {
    const { result } = createTask([], input, fixedContext())
    expect(Task.safeParse(result).success).toBe(true)
    expect(CreateTaskInput.safeParse(input).success).toBe(true)
  })

  it("normalises tags and project names", () => {
    const { result } = createTask([], accepted[1]!, fixedContext())
    expect(result.tags).toEqual(["ui", "bug"])
    expect(result.project).toBe("web")
  })

  it.each(rejected)("rejects %s as invalid input, as the input schema does", (_, input) => {
    expect(() => createTask([], input as never, fixedContext())).toThrow(expect.objectContaining({ kind: "invalid" }))
    expect(() => updateTask([makeTask({ id: "a" })], "a", input as never, fixedContext())).toThrow(expect.objectContaining({ kind: "invalid" }))
    expect(CreateTaskInput.safeParse(input).success).toBe(false)
  })
})
