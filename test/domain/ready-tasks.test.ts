import { describe, expect, it } from "vitest"
import { workOverview } from "../../src/domain/ready-tasks.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

const ids = (tasks: { id: string }[]) => tasks.map((t) => t.id)

describe("workOverview", () => {
  it("orders ready tasks by priority, then due date with undated last, then list order", () => {
    const tasks = [
      makeTask({ id: "low", priority: "low", order: 1 }),
      makeTask({ id: "high-undated", priority: "high", order: 2 }),
      makeTask({ id: "high-late", priority: "high", dueDate: "2026-05-01", order: 3 }),
      makeTask({ id: "high-soon", priority: "high", dueDate: "2026-04-01", order: 4 }),
      makeTask({ id: "urgent", priority: "urgent", order: 5 }),
    ]
    expect(ids(workOverview(tasks).ready)).toEqual(["urgent", "high-soon", "high-late", "high-undated", "low"])
  })

  it("leaves out tasks with an open blocker, open subtasks, or already started, and closed ones", () => {
    const tasks = [
      makeTask({ id: "blocker", order: 1 }),
      makeTask({ id: "waits", blockedBy: ["blocker"], order: 2 }),
      makeTask({ id: "parent", order: 3 }),
      makeTask({ id: "kid", parentId: "parent", order: 4 }),
      makeTask({ id: "doing", status: "in_progress", order: 5 }),
      makeTask({ id: "finished", status: "done", order: 6 }),
    ]
    const overview = workOverview(tasks)
    expect(ids(overview.ready)).toEqual(["blocker", "kid"])
    expect(ids(overview.blocked)).toEqual(["waits"])
    expect(ids(overview.inProgress)).toEqual(["doing"])
  })

  it("counts a task ready again once its blocker and subtasks are done", () => {
    const tasks = [
      makeTask({ id: "blocker", status: "done", order: 1 }),
      makeTask({ id: "waits", blockedBy: ["blocker"], order: 2 }),
      makeTask({ id: "parent", order: 3 }),
      makeTask({ id: "kid", parentId: "parent", status: "archived", order: 4 }),
    ]
    expect(ids(workOverview(tasks).ready)).toEqual(["waits", "parent"])
  })
})
