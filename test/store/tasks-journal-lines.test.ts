// The journal's lines on their own: scanning (torn and bad lines), the chain rule, apply and diff.
import { describe, expect, it } from "vitest"
import { applicableLines, applyLines, diffTasks, scanJournal, serializeLine, type JournalLine } from "../../src/store/tasks-journal.ts"
import type { Task } from "../../src/domain/task.ts"

const task = (id: string, title = id): Task => ({ id, title, order: 1 }) as Task
const line = (revision: number, put: Task[], del: string[] = [], base = 1): JournalLine => ({ base, revision, put, delete: del, maxOrder: 1, id: `l${revision}` })
const bytes = (...parts: string[]) => Buffer.from(parts.join(""))

describe("scanning tasks.journal", () => {
  it("reads every complete line and the end of the last one", () => {
    const text = serializeLine(line(2, [task("a")])) + serializeLine(line(3, [task("b")]))
    const scan = scanJournal(bytes(text))
    expect(scan.lines.map((l) => l.revision)).toEqual([2, 3])
    expect(scan.end).toBe(Buffer.byteLength(text))
    expect(scan.corrupt).toBeNull()
    expect(scan.head!.toString()).toBe(serializeLine(line(2, [task("a")])))
  })

  it("leaves out a torn last line, with or without its newline, and ends before it", () => {
    const good = serializeLine(line(2, [task("a")]))
    for (const torn of ['{"base":1,"revision":3,"put":[{"id"', "garbage\n", "\u0000\u0000\u0000"]) {
      const scan = scanJournal(bytes(good, torn))
      expect(scan.lines).toHaveLength(1)
      expect(scan.end).toBe(Buffer.byteLength(good))
      expect(scan.corrupt).toBeNull()
    }
  })

  it("calls a bad line followed by more corrupt", () => {
    const scan = scanJournal(bytes(serializeLine(line(2, [task("a")])), "not a change\n", serializeLine(line(3, [task("b")]))))
    expect(scan.corrupt).toMatch(/tasks\.journal is invalid/)
  })

  it("counts offsets from where a partial read started", () => {
    const first = serializeLine(line(2, [task("a")]))
    const second = serializeLine(line(3, [task("b")]))
    const scan = scanJournal(bytes(second), Buffer.byteLength(first))
    expect(scan.end).toBe(Buffer.byteLength(first + second))
    expect(scan.head).toBeNull()
  })
})

describe("applying lines", () => {
  it("applies only lines against this base, in sequence", () => {
    const lines = [line(2, [task("a")]), line(2, [task("dup")]), line(3, [task("b")]), line(4, [task("old")], [], 0), line(5, [task("gap")])]
    expect(applicableLines(lines, 1).map((l) => l.put[0]!.id)).toEqual(["a", "b"])
    expect(applicableLines(lines, 1, 2).map((l) => l.put[0]!.id)).toEqual(["b"])
  })

  it("replaces in place, appends new tasks and removes deleted ones", () => {
    const base = [task("a"), task("b"), task("c")]
    const result = applyLines(base, [line(2, [task("b", "B"), task("d")]), line(3, [], ["a"]), line(4, [task("a", "again")])])
    expect(result.map((t) => t.title)).toEqual(["B", "c", "d", "again"])
    expect(base.map((t) => t.title)).toEqual(["a", "b", "c"])
  })
})

describe("the change between two lists", () => {
  const a = task("a")
  const b = task("b")
  const c = task("c")

  it("is the changed and added tasks and the deleted ids", () => {
    const b2 = { ...b, title: "B" }
    const d = task("d")
    expect(diffTasks([a, b, c], [a, b2, d])).toEqual({ put: [b2, d], delete: ["c"] })
    expect(diffTasks([a, b, c], [a, c])).toEqual({ put: [], delete: ["b"] })
    expect(diffTasks([a, b], [a, b])).toEqual({ put: [], delete: [] })
  })

  it("is null for a reordering or a task inserted before others (the whole list is written then)", () => {
    expect(diffTasks([a, b, c], [c, a, b])).toBeNull()
    expect(diffTasks([a, b], [a, task("x"), b])).toBeNull()
    expect(diffTasks([a, b], [a, b, { ...a }])).toBeNull()
  })
})
