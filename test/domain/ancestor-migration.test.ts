// The ancestor's tasks.json (a bare array) becomes our tasks without losing what our model holds.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { isAncestorTaskArray, migrateAncestorTasks } from "../../src/domain/ancestor-migration.ts"
import { TasksFile } from "../../src/domain/task.ts"
import { nextDueDate } from "../../src/domain/recurrence.ts"
import { trackedMs } from "../../src/domain/time-tracking.ts"

const raw = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "ancestor-tasks.json"), "utf8")) as Record<string, any>[]
let n = 0
const migrate = () => migrateAncestorTasks(raw, new Date("2026-03-10T12:00:00.000Z"), () => `new-${++n}`)

describe("migrating the ancestor's tasks.json", () => {
  it("recognises a bare array of the ancestor's tasks, and nothing else", () => {
    expect(isAncestorTaskArray(raw)).toBe(true)
    expect(isAncestorTaskArray([])).toBe(true)
    expect(isAncestorTaskArray({ version: 1, revision: 1, tasks: [] })).toBe(false)
    expect(isAncestorTaskArray([1, 2])).toBe(false)
  })

  it("keeps every task with its id, text, status, priority, dates, tags, notes and external link", () => {
    const tasks = migrate()
    expect(TasksFile.safeParse({ version: 1, revision: 1, tasks }).success).toBe(true)
    expect(tasks.map((t) => t.id)).toEqual(raw.map((r) => r.id))
    tasks.forEach((task, i) => {
      const r = raw[i]!
      expect(task).toMatchObject({ title: r.title, description: r.description, status: r.status, priority: r.priority, tags: r.tags, dueDate: r.dueDate, createdAt: r.createdAt, updatedAt: r.updatedAt, order: r.order, estimateMinutes: r.estimateMinutes })
      expect(task.notes.map((note) => [note.id, note.content, note.createdAt, note.source])).toEqual(r.notes.map((note: any) => [note.id, note.content, note.createdAt, note.source]))
    })
    expect(tasks[0]).toMatchObject({ externalId: "todoist-42", externalSource: "todoist", project: "backend" })
    expect(tasks[1]!.completedAt).toBe("2026-03-03T12:00:00.000Z")
  })

  it("turns logged time into a time entry of the same length", () => {
    const tasks = migrate()
    expect(trackedMs(tasks[0]!, new Date()) / 60000).toBe(95)
    expect(tasks[0]!.timeEntries).toEqual([{ start: "2026-03-02T08:25:00.000Z", end: "2026-03-02T10:00:00.000Z" }])
    expect(trackedMs(tasks[4]!, new Date()) / 60000).toBe(30)
  })

  it("keeps parents (also those known only from subtaskIds), blockers and an empty project as none", () => {
    const tasks = migrate()
    expect(tasks[1]!.parentId).toBe(raw[0]!.id)
    expect(tasks[2]!.parentId).toBe(raw[0]!.id)
    expect(tasks[2]!.blockedBy).toEqual([raw[1]!.id])
    expect(tasks[2]!.project).toBeNull()
  })

  it("keeps weekday and day-of-month recurrences, and the weekdays decide the next due date", () => {
    const tasks = migrate()
    expect(tasks[3]!.recurrence).toEqual({ frequency: "weekly", interval: 1, daysOfWeek: [0, 2, 4] })
    expect(tasks[4]!.recurrence).toEqual({ frequency: "monthly", interval: 2, dayOfMonth: 15 })
    // 2026-03-02 is a Monday: then Wednesday, Friday, and Monday again.
    expect(nextDueDate(tasks[3]!.recurrence!, "2026-03-02")).toBe("2026-03-04")
    expect(nextDueDate(tasks[3]!.recurrence!, "2026-03-06")).toBe("2026-03-09")
  })

  it("strips terminal control characters from the ancestor's text", () => {
    const [task] = migrateAncestorTasks([{ id: "x1", title: "Hi\u001b]0;owned\u0007 there", description: "a\u009bb\nc" }], new Date(), () => "n")
    expect(task).toMatchObject({ title: "Hi]0;owned there", description: "ab\nc" })
  })
})
