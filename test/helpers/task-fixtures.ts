import type { Task } from "../../src/domain/task.ts"
import type { OperationContext } from "../../src/domain/task-operations.ts"

/** A deterministic operation context: a fixed clock and sequential ids. */
export function fixedContext(iso = "2026-03-10T12:00:00.000Z", prefix = "id"): OperationContext & { ids: string[] } {
  let n = 0
  const ids: string[] = []
  return {
    now: new Date(iso),
    newId: () => {
      const id = `${prefix}-${String(++n).padStart(4, "0")}`
      ids.push(id)
      return id
    },
    ids,
  }
}

export function makeTask(overrides: Partial<Task> & { id: string; title?: string }): Task {
  return {
    title: overrides.title ?? overrides.id,
    description: "",
    status: "todo",
    priority: "none",
    project: null,
    tags: [],
    dueDate: null,
    parentId: null,
    blockedBy: [],
    recurrence: null,
    nextOccurrenceId: null,
    estimateMinutes: null,
    timeEntries: [],
    notes: [],
    externalId: null,
    externalSource: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    completedAt: null,
    order: 0,
    ...overrides,
  }
}
