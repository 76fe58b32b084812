import { describe, expect, it } from "vitest"
import { renewHolderLeases } from "../../src/domain/task-claim.ts"
import { createTask, deleteTask } from "../../src/domain/task-operations.ts"
import { fixedContext, makeTask } from "../helpers/task-fixtures.ts"
import type { Task } from "../../src/domain/task.ts"

const NOW = new Date("2026-05-01T12:00:00.000Z")
const lease = { expiresAt: "2026-05-01T11:30:00.000Z", minutes: 30 }

/** The list with every read of a position counted (what a scan of the list before a write costs). */
function counted(tasks: Task[]): { list: Task[]; reads: () => number } {
  let reads = 0
  const list = new Proxy(tasks, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++
      return Reflect.get(target, key, receiver)
    },
  })
  return { list, reads: () => reads }
}

describe("a write by a lease's holder renews it", () => {
  it("renews the holder's lease on a task it changed, and leaves another holder's alone", () => {
    const mine = makeTask({ id: "mine", assignee: "agent-a", lease })
    const theirs = makeTask({ id: "theirs", assignee: "agent-b", lease })
    const before = [mine, theirs]
    const after = [{ ...mine, title: "changed" }, { ...theirs, title: "changed too" }]
    const renewed = renewHolderLeases(before, after, "agent-a", NOW)
    expect(renewed[0]!.lease!.expiresAt).toBe("2026-05-01T12:30:00.000Z")
    expect(renewed[1]).toBe(after[1])
  })

  it("finds a held task a delete moved to another place, and leaves it alone when it did not change", () => {
    const gone = makeTask({ id: "gone" })
    const held = makeTask({ id: "held", assignee: "agent-a", lease })
    const { tasks } = deleteTask([gone, held], "gone")
    expect(renewHolderLeases([gone, held], tasks, "agent-a", NOW)).toBe(tasks)
    const changed = [{ ...tasks[0]!, title: "changed" }]
    expect(renewHolderLeases([gone, held], changed, "agent-a", NOW)[0]!.lease!.expiresAt).toBe("2026-05-01T12:30:00.000Z")
  })

  it("reads nothing of the list before a create when the writer holds no lease (10,000 tasks, once per queued command)", () => {
    const tasks = Array.from({ length: 10_000 }, (_, i) => makeTask({ id: `t-${i}`, order: i }))
    const before = counted(tasks)
    const { tasks: after } = createTask(tasks, { title: "Queued" }, fixedContext())
    expect(renewHolderLeases(before.list, after, "agent-a", NOW)).toBe(after)
    expect(before.reads()).toBe(0)
  })
})
