// Bounded lists, tree order, ready work, claiming, blockers in update, shapes and control characters.
import { describe, expect, it } from "vitest"
import { formatCount, listTasks, omittedLine, pageOf, treeOrder } from "../../src/domain/task-listing.ts"
import { compareReady, compareTasks, queryTasks, SORT_KEYS, type TaskQuery } from "../../src/domain/task-query.ts"
import { claimTask } from "../../src/domain/task-claim.ts"
import { addNote, createTask, updateTask } from "../../src/domain/task-operations.ts"
import { ALL_FIELDS, COMPACT_FIELDS, SUMMARY_FIELDS, parseFields, pickFields, taskJson, viewOf, viewOfShown } from "../../src/domain/task-shape.ts"
import { escapeControls } from "../../src/domain/text-safety.ts"
import { resolveTaskId } from "../../src/domain/task-id-resolver.ts"
import { taskListWarnings } from "../../src/store/doctor.ts"
import { TskError } from "../../src/domain/errors.ts"
import { fixedContext, makeTask } from "../helpers/task-fixtures.ts"
import type { Task } from "../../src/domain/task.ts"

const many = (n: number) => Array.from({ length: n }, (_, i) => makeTask({ id: `task-${String(i).padStart(5, "0")}`, order: i }))

describe("bounded lists", () => {
  it("answers 50 tasks by default and says how many there are and where the next page starts", () => {
    const page = listTasks(many(120), {}, {}, "2026-03-10")
    expect(page.rows).toHaveLength(50)
    expect(page).toMatchObject({ total: 120, offset: 0, nextOffset: 50 })
    expect(omittedLine(page)).toBe("50 of 120 shown (--limit, --offset)")
  })

  it("pages on with offset, gives everything with limit 0, and says nothing when nothing is left out", () => {
    const last = listTasks(many(120), {}, { offset: 100 }, "2026-03-10")
    expect(last).toMatchObject({ total: 120, offset: 100, nextOffset: null })
    expect(omittedLine(last)).toBe("101-120 of 120 shown (--limit, --offset)")
    const all = listTasks(many(120), {}, { limit: 0 }, "2026-03-10")
    expect(all.rows).toHaveLength(120)
    expect(omittedLine(all)).toBeNull()
  })

  it("writes counts with thousands separators, as toLocaleString does in English", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 50_000_000]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"))
    const page = listTasks(many(1234), {}, { offset: 1000 }, "2026-03-10")
    expect(omittedLine(page)).toBe("1,001-1,050 of 1,234 shown (--limit, --offset)")
  })

  it("asks for today only when a due filter needs it (the first local-time call loads time zone data)", () => {
    const noToday = () => {
      throw new Error("today was asked for")
    }
    expect(listTasks(many(3), {}, {}, noToday).rows).toHaveLength(3)
    const due = [makeTask({ id: "due-1", dueDate: "2026-03-10", order: 1 }), makeTask({ id: "due-2", dueDate: "2026-03-11", order: 2 })]
    expect(listTasks(due, { due: "today" }, {}, () => "2026-03-10").rows.map((r) => r.task.id)).toEqual(["due-1"])
  })

  it("refuses a negative or fractional limit", () => {
    expect(() => listTasks(many(3), {}, { limit: -1 }, "2026-03-10")).toThrow(/limit/)
    expect(() => listTasks(many(3), {}, { offset: 1.5 }, "2026-03-10")).toThrow(/offset/)
  })

  it("puts work in progress first, then higher priority, then the nearest due date", () => {
    const tasks = [
      makeTask({ id: "low", priority: "low", order: 1 }),
      makeTask({ id: "due-late", priority: "high", dueDate: "2026-05-01", order: 2 }),
      makeTask({ id: "due-soon", priority: "high", dueDate: "2026-03-11", order: 3 }),
      makeTask({ id: "doing", status: "in_progress", order: 4 }),
    ]
    expect(listTasks(tasks, {}, {}, "2026-03-10").rows.map((r) => r.task.id)).toEqual(["doing", "due-soon", "due-late", "low"])
  })
})

describe("a page of a long list", () => {
  // The whole list sorted and tree-ordered, then cut: what listTasks answers, however it gets there.
  function wholeListPage(tasks: Task[], query: TaskQuery, paging: { limit?: number; offset?: number }) {
    const found = queryTasks(tasks, { ...query, limit: undefined }, "2026-03-10")
    const ordered = query.ready && !query.sort ? found.sort(compareReady).map((task) => ({ task, depth: 0 })) : treeOrder(found, compareTasks(query.sort ?? "relevance"))
    const { items, total, offset, nextOffset } = pageOf(ordered, paging)
    return { rows: items, total, offset, nextOffset }
  }

  it("is the same page as cutting the whole ordered list, for every sort, with ties, parent loops and repeated ids", () => {
    let seed = 11
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return Math.floor((seed / 2147483648) * n)
    }
    for (let round = 0; round < 600; round++) {
      const count = 1 + random(120)
      const tasks = Array.from({ length: count }, (_, i) =>
        makeTask({
          id: `t${round % 5 === 0 && random(10) === 0 ? random(count) : i}`,
          parentId: random(3) === 0 ? `t${random(count + 5)}` : null,
          blockedBy: random(3) === 0 ? [`t${random(count + 3)}`] : [],
          status: (["todo", "in_progress", "done", "archived"] as const)[random(4)]!,
          priority: (["none", "high"] as const)[random(2)]!,
          dueDate: random(4) === 0 ? `2026-03-${String(1 + random(3)).padStart(2, "0")}` : null,
          title: `title ${random(3)}`,
          createdAt: `2026-01-0${1 + random(2)}T00:00:00.000Z`,
          order: random(3),
        }),
      )
      const query: TaskQuery = {
        ...(random(3) === 0 ? { sort: SORT_KEYS[random(SORT_KEYS.length)] } : {}),
        ...(random(4) === 0 ? { ready: true } : {}),
        ...(random(3) === 0 ? { includeClosed: true } : {}),
      }
      const paging = { limit: [0, 1, 5, 50][random(4)], offset: [0, 0, 3, 40, Math.max(0, count - 2), 200][random(6)] }
      const page = listTasks(tasks, query, paging, "2026-03-10")
      expect(page, `round ${round}`).toEqual(wholeListPage(tasks, query, paging))
      // The page's view answers for its rows as the view of the whole list does.
      const shown = page.rows.map((row) => row.task)
      const pageView = viewOfShown(tasks, shown)
      const wholeView = viewOf(tasks)
      // A view for some fields only (a listing's --json) answers for those fields as well.
      const fields = [SUMMARY_FIELDS, COMPACT_FIELDS, ALL_FIELDS, parseFields("id,progress"), parseFields("subtaskIds"), parseFields("blocked,title")][random(6)]!
      const fieldsView = viewOfShown(tasks, shown, fields)
      for (const task of shown) {
        expect(pickFields(task, pageView, ALL_FIELDS)).toEqual(pickFields(task, wholeView, ALL_FIELDS))
        expect(pickFields(task, fieldsView, fields)).toEqual(pickFields(task, wholeView, fields))
        if (task.parentId) expect(pageView.index.get(task.parentId)).toBe(wholeView.index.get(task.parentId))
      }
    }
  })
})

describe("tree order", () => {
  it("lists a level-3 subtask right under its parent, at its depth, before the parent's siblings", () => {
    const tasks = [
      makeTask({ id: "root", order: 1 }),
      makeTask({ id: "child-a", parentId: "root", order: 2 }),
      makeTask({ id: "child-b", parentId: "root", order: 3 }),
      makeTask({ id: "grandchild", parentId: "child-a", order: 4 }),
    ]
    const rows = treeOrder(tasks, compareTasks("order"))
    expect(rows.map((r) => [r.task.id, r.depth])).toEqual([["root", 0], ["child-a", 1], ["grandchild", 2], ["child-b", 1]])
  })

  it("lists the subtasks of a done parent at the top level (the parent is filtered out)", () => {
    const tasks = [makeTask({ id: "parent", status: "done" }), makeTask({ id: "kid", parentId: "parent" })]
    expect(listTasks(tasks, {}, {}, "2026-03-10").rows.map((r) => [r.task.id, r.depth])).toEqual([["kid", 0]])
  })
})

describe("ready work", () => {
  const tasks = [
    makeTask({ id: "blocker", priority: "low", order: 1 }),
    makeTask({ id: "waits", priority: "urgent", blockedBy: ["blocker"], order: 2 }),
    makeTask({ id: "parent", priority: "urgent", order: 3 }),
    makeTask({ id: "open-kid", parentId: "parent", priority: "medium", dueDate: "2026-04-01", order: 4 }),
    makeTask({ id: "urgent-free", priority: "urgent", dueDate: "2026-03-20", order: 5 }),
    makeTask({ id: "closed", status: "done", order: 6 }),
    makeTask({ id: "medium-sooner", priority: "medium", dueDate: "2026-03-15", order: 7 }),
  ]

  it("is open, not blocked and without open subtasks, by priority then due date", () => {
    const ready = listTasks(tasks, { ready: true }, {}, "2026-03-10").rows.map((r) => r.task.id)
    expect(ready).toEqual(["urgent-free", "medium-sooner", "open-kid", "blocker"])
  })

  it("filters blocked and unblocked tasks", () => {
    expect(queryTasks(tasks, { blocked: true }, "2026-03-10").map((t) => t.id)).toEqual(["waits"])
    expect(queryTasks(tasks, { blocked: false }, "2026-03-10").map((t) => t.id)).not.toContain("waits")
  })
})

describe("claiming", () => {
  it("sets the assignee and in progress, and refuses with conflict when someone else holds the task", () => {
    const ctx = fixedContext()
    const claimed = claimTask([makeTask({ id: "t-1" })], "t-1", "agent-a", ctx)
    expect(claimed.result).toMatchObject({ assignee: "agent-a", status: "in_progress" })
    expect(claimTask(claimed.tasks, "t-1", "agent-a", ctx).result.assignee).toBe("agent-a")
    const refused = (() => {
      try {
        claimTask(claimed.tasks, "t-1", "agent-b", ctx)
      } catch (error) {
        return error as TskError
      }
    })()
    expect(refused?.kind).toBe("conflict")
    expect(refused?.message).toMatch(/already claimed by agent-a/)
  })

  it("refuses done and blocked tasks with conflict", () => {
    const ctx = fixedContext()
    expect(() => claimTask([makeTask({ id: "d-1", status: "done" })], "d-1", "a", ctx)).toThrow(/done/)
    expect(() => claimTask([makeTask({ id: "b-0" }), makeTask({ id: "b-1", blockedBy: ["b-0"] })], "b-1", "a", ctx)).toThrow(/blocked by/)
  })
})

describe("blockers and assignee in update", () => {
  it("replaces the blockers by partial ids and refuses a cycle", () => {
    const tasks = [makeTask({ id: "aaaa-1" }), makeTask({ id: "bbbb-1", blockedBy: ["aaaa-1"] }), makeTask({ id: "cccc-1" })]
    const ctx = fixedContext()
    expect(updateTask(tasks, "aaaa", { blockedBy: ["cccc"] }, ctx).result.blockedBy).toEqual(["cccc-1"])
    expect(() => updateTask(tasks, "aaaa", { blockedBy: ["bbbb"] }, ctx)).toThrow(/cycle/)
    expect(updateTask(tasks, "bbbb", { blockedBy: [] }, ctx).result.blockedBy).toEqual([])
  })

  it("sets and clears the assignee", () => {
    const ctx = fixedContext()
    const set = updateTask([makeTask({ id: "t-1" })], "t-1", { assignee: "ana" }, ctx)
    expect(set.result.assignee).toBe("ana")
    expect(updateTask(set.tasks, "t-1", { assignee: null }, ctx).result.assignee).toBeUndefined()
  })
})

describe("ids", () => {
  it("needs at least 4 characters unless the id is exact", () => {
    const tasks = [makeTask({ id: "1" }), makeTask({ id: "1234abcd" })]
    expect(resolveTaskId(tasks, "1").id).toBe("1")
    expect(() => resolveTaskId(tasks, "12")).toThrow(/at least 4 characters/)
    expect(resolveTaskId(tasks, "1234").id).toBe("1234abcd")
  })
})

describe("shapes", () => {
  it("picks the named fields, and refuses unknown ones", () => {
    const tasks = [makeTask({ id: "t-1", title: "One", tags: ["x"] })]
    expect(pickFields(tasks[0]!, viewOf(tasks), parseFields("id,title,blocked"))).toEqual({ id: "t-1", title: "One", blocked: false })
    // The one compact shape (compactTaskJson): set fields such as tags kept, empty ones left out.
    expect(pickFields(tasks[0]!, viewOf(tasks), parseFields("compact"))).toEqual({ id: "t-1", title: "One", status: "todo", priority: "none", tags: ["x"] })
    expect(() => parseFields("id,colour")).toThrow(/unknown field colour/)
  })

  it("gives each field as the full shape has it, derived ones too, in the order asked", () => {
    const tasks = [
      makeTask({ id: "parent", assignee: "sam" }),
      makeTask({ id: "kid-1", parentId: "parent", status: "done" }),
      makeTask({ id: "kid-2", parentId: "parent" }),
      makeTask({ id: "waits", blockedBy: ["kid-2"] }),
    ]
    const view = viewOf(tasks)
    for (const task of tasks) {
      const full = taskJson(task, view)
      for (const field of ALL_FIELDS) expect(pickFields(task, view, [field]), `${task.id} ${field}`).toEqual({ [field]: full[field] })
      const reversed = [...SUMMARY_FIELDS].reverse()
      expect(JSON.stringify(pickFields(task, view, reversed))).toBe(JSON.stringify(Object.fromEntries(reversed.map((f) => [f, full[f]]))))
    }
    expect(pickFields(tasks[0]!, view, ["progress", "subtaskIds", "assignee"])).toEqual({ progress: { done: 1, total: 2 }, subtaskIds: ["kid-1", "kid-2"], assignee: "sam" })
    expect(pickFields(tasks[3]!, view, ["blocked", "assignee"])).toEqual({ blocked: true, assignee: null })
  })
})

describe("control characters", () => {
  it("are stripped from titles, descriptions, projects, tags and notes on write", () => {
    const ctx = fixedContext()
    const { tasks, result } = createTask([], { title: "A\u001b[2Jb\u0007", description: "x\u0000y\nz\tw", project: "p\u009b", tags: ["t\u001b"] }, ctx)
    expect(result).toMatchObject({ title: "A[2Jb", description: "xy\nz\tw", project: "p", tags: ["t"] })
    expect(addNote(tasks, result.id, "note\u001b]0;x\u0007", "cli", ctx).result.notes[0]!.content).toBe("note]0;x")
  })

  it("are shown escaped for a terminal", () => {
    expect(escapeControls("a\u001b[31mb\u0007\u009b")).toBe("a\\x1b[31mb\\x07\\x9b")
  })
})

describe("doctor", () => {
  it("warns about a blocker cycle only for tasks on a cycle, not for every blocked task", () => {
    const plain = [makeTask({ id: "a" }), makeTask({ id: "b", blockedBy: ["a"] })]
    expect(taskListWarnings(plain)).toEqual([])
    const cycle = [makeTask({ id: "a", blockedBy: ["b"] }), makeTask({ id: "b", blockedBy: ["a"] })]
    expect(taskListWarnings(cycle)).toEqual(["task a is part of a blocker cycle", "task b is part of a blocker cycle"])
  })
})
