// The fast check of a tasks file against the zod schema it stands in for: on generated files and
// random mutations of them, whatever the fast check passes the schema returns unchanged, and what
// tsk itself writes passes (else the check would save nothing).
import { describe, expect, it } from "vitest"
import { isCanonicalTask, isCanonicalTasksFile } from "../../src/domain/canonical-tasks.ts"
import { TasksFile } from "../../src/domain/task.ts"
import { PRIORITIES, TASK_STATUSES } from "../../src/domain/task-constants.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { seededRandom as generator } from "../helpers/seeded-random.ts"
import { isLocalDate } from "../../src/domain/local-date.ts"

type Gen = ReturnType<typeof generator>

const WORDS = ["fix", "ship", "Ünïcode", "日本語", "emoji 🎉", "tab\tinside", "a", "x".repeat(60), "quote \" and \\ slash"]
const text = (g: Gen) => Array.from({ length: g.int(1, 3) }, () => g.pick(WORDS)).join(" ")
const date = (g: Gen) => `${g.int(1990, 2099)}-${String(g.int(1, 12)).padStart(2, "0")}-${String(g.int(1, 28)).padStart(2, "0")}`
const instant = (g: Gen) => `${date(g)}T${String(g.int(0, 23)).padStart(2, "0")}:00:00.000Z`

function validTask(g: Gen, n: number): Record<string, unknown> {
  const recurrence: Record<string, unknown> = { frequency: g.pick(["daily", "weekly", "monthly", "yearly"]), interval: g.int(1, 1000) }
  if (g.chance(0.4)) recurrence.daysOfWeek = Array.from({ length: g.int(0, 7) }, () => g.int(0, 6))
  if (g.chance(0.4)) recurrence.dayOfMonth = g.int(1, 31)
  if (g.chance(0.4)) recurrence.endDate = g.chance(0.5) ? null : date(g)
  const task: Record<string, unknown> = {
    ...makeTask({ id: `task-${n}` }),
    title: text(g).slice(0, 200).trim() || "t",
    description: g.chance(0.5) ? "" : text(g),
    status: g.pick(TASK_STATUSES),
    priority: g.pick(PRIORITIES),
    project: g.chance(0.5) ? null : text(g),
    tags: Array.from({ length: g.int(0, 3) }, () => g.pick(WORDS)),
    dueDate: g.chance(0.5) ? null : date(g),
    parentId: g.chance(0.7) ? null : `task-${g.int(0, 99)}`,
    blockedBy: Array.from({ length: g.int(0, 2) }, () => `task-${g.int(0, 99)}`),
    recurrence: g.chance(0.7) ? null : recurrence,
    nextOccurrenceId: g.chance(0.8) ? null : g.pick(["", "next-1"]),
    estimateMinutes: g.chance(0.6) ? null : g.int(0, 10_000),
    timeEntries: Array.from({ length: g.int(0, 2) }, () => ({ start: instant(g), end: g.chance(0.3) ? null : instant(g) })),
    notes: Array.from({ length: g.int(0, 2) }, (_, i) => ({ id: `note-${i}`, content: text(g), createdAt: instant(g), source: g.pick(["cli", "tui", "agent"]) })),
    externalId: g.chance(0.8) ? null : g.pick(["", "GH-12"]),
    externalSource: g.chance(0.8) ? null : "github",
    createdAt: instant(g),
    updatedAt: instant(g),
    completedAt: g.chance(0.7) ? null : instant(g),
    order: g.pick([0, n, -3, 1.5, 1e21]),
  }
  if (g.chance(0.3)) task.assignee = g.pick(["claude", "a".repeat(100), "someone else"])
  if (g.chance(0.2)) task.lease = g.pick([{ expiresAt: instant(g) }, { expiresAt: instant(g), minutes: g.pick([30, 1, 10080]), pid: g.int(1, 99999), host: "box", start: "123" }, { expiresAt: instant(g), pid: 7 }])
  return task
}

/** Values a hand edit, a script or a bad merge could leave in any field. */
const ODD_VALUES: unknown[] = [
  null, undefined, "", " ", " padded ", "padded ", "x\u00a0", "\u2028x", "\ufeffx", "x\t", "x", "x".repeat(201), "a".repeat(101), 0, -1, -0, 1.5, 7, 1001, 2 ** 53,
  Number.POSITIVE_INFINITY, Number.NaN, true, false, [], [""], ["ok", 3], {}, { extra: 1 }, "2026-02-30", "2026-13-01",
  "2026-1-1", "2024-02-29", "todo", "urgent", "weekly", { start: "s", end: null }, { start: "s", end: null, extra: 1 },
  { id: "n", content: "c", createdAt: "t", source: "cli" }, { expiresAt: "t" }, { expiresAt: "t", pid: 0 }, { expiresAt: "t", minutes: 0 }, { expiresAt: "t", pid: 3, host: "" }, { frequency: "daily", interval: 1 }, { frequency: "daily", interval: 0 },
]

/** Every place a value sits in `root`, as [container, key] pairs. */
function places(root: unknown, out: Array<[Record<string | number, unknown>, string | number]> = []): Array<[Record<string | number, unknown>, string | number]> {
  if (typeof root !== "object" || root === null) return out
  const container = root as Record<string | number, unknown>
  for (const key of Object.keys(container)) {
    out.push([container, Array.isArray(root) ? Number(key) : key])
    places(container[key], out)
  }
  return out
}

function mutate(g: Gen, file: Record<string, unknown>): void {
  const spots = places(file)
  const [container, key] = g.pick(spots)
  const kind = g.int(0, 3)
  if (kind === 0 && !Array.isArray(container)) delete container[key]
  else if (kind === 1 && !Array.isArray(container)) {
    // Defined, not assigned: JSON.parse makes `__proto__` an own key, not the prototype.
    const added = g.pick(["extra", "assignee", "lease", "daysOfWeek", "endDate", "__proto__", "dayOfMonth", "title"])
    Object.defineProperty(container, added, { value: structuredClone(g.pick(ODD_VALUES)), enumerable: true, writable: true, configurable: true })
  }
  else if (kind === 2) container[key] = structuredClone(g.pick(ODD_VALUES))
  else container[key] = JSON.parse(JSON.stringify(g.pick(ODD_VALUES)) ?? "null")
}

/** A file as JSON.parse would give it: an own `__proto__` key stays a key, as it does there. */
function asParsed(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_, v) => (v === undefined ? null : typeof v === "number" && !Number.isFinite(v) ? "∞" : v)).replaceAll('"∞"', "1e999"))
}

describe("the fast check of a tasks file", () => {
  it("passes only what the schema returns unchanged, on generated files and random mutations", () => {
    let passedValid = 0
    let passedMutated = 0
    let refusedMutated = 0
    for (let seed = 1; seed <= 1500; seed++) {
      const g = generator(seed)
      const file: Record<string, unknown> = { version: 1, revision: g.int(0, 50), tasks: Array.from({ length: g.int(0, 4) }, (_, n) => validTask(g, n)) }
      const mutations = seed % 5 === 0 ? 0 : g.int(1, 3)
      for (let m = 0; m < mutations; m++) mutate(g, file)
      for (const input of [file, asParsed(file)]) {
        const copy = structuredClone(input)
        const fast = isCanonicalTasksFile(input)
        const schema = TasksFile.safeParse(input)
        expect(input, `seed ${seed}: the check changed its input`).toStrictEqual(copy)
        if (fast) {
          expect(schema.success, `seed ${seed}: passed by the fast check, refused by the schema`).toBe(true)
          expect(schema.data, `seed ${seed}: passed by the fast check, changed by the schema`).toStrictEqual(input)
          if (mutations === 0) passedValid++
          else passedMutated++
        } else if (mutations === 0) {
          expect.fail(`seed ${seed}: a file as tsk writes it was refused by the fast check`)
        } else refusedMutated++
      }
    }
    // The generator reaches both sides: harmless mutations pass, harmful ones are refused.
    expect(passedValid).toBeGreaterThan(100)
    expect(passedMutated).toBeGreaterThan(50)
    expect(refusedMutated).toBeGreaterThan(1000)
  })

  it("agrees with the schema for every odd value in every field of a task that has every field", () => {
    const g = generator(7)
    const full = { ...validTask(g, 1), assignee: "claude", dueDate: "2026-03-10" } as Record<string, unknown>
    full.recurrence = { frequency: "weekly", interval: 2, daysOfWeek: [0, 3], dayOfMonth: 5, endDate: "2026-12-31" }
    full.timeEntries = [{ start: "2026-01-01T00:00:00.000Z", end: null }]
    full.notes = [{ id: "n1", content: "note", createdAt: "2026-01-01T00:00:00.000Z", source: "cli" }]
    const base = { version: 1, revision: 3, tasks: [full] }
    expect(isCanonicalTasksFile(structuredClone(base))).toBe(true)
    let cases = 0
    const paths: Array<Array<string | number>> = []
    const walk = (value: unknown, path: Array<string | number>) => {
      if (path.length > 0) paths.push(path)
      if (typeof value === "object" && value !== null) for (const k of Object.keys(value)) walk((value as Record<string, unknown>)[k], [...path, Array.isArray(value) ? Number(k) : k])
    }
    walk(base, [])
    for (const path of paths) {
      for (const odd of ODD_VALUES) {
        for (const how of ["set", "delete"] as const) {
          const file = structuredClone(base) as Record<string | number, unknown>
          let container = file
          for (const step of path.slice(0, -1)) container = container[step] as Record<string | number, unknown>
          if (how === "delete") {
            if (Array.isArray(container)) continue
            delete container[path.at(-1)!]
          } else container[path.at(-1)!] = structuredClone(odd)
          for (const input of [file, asParsed(file)]) {
            cases++
            if (!isCanonicalTasksFile(input)) continue
            const schema = TasksFile.safeParse(input)
            expect(schema.success, `${path.join(".")} = ${String(odd)} (${how}): passed by the fast check, refused by the schema`).toBe(true)
            expect(schema.data, `${path.join(".")} = ${String(odd)} (${how}): changed by the schema`).toStrictEqual(input)
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(2000)
  })

  it("takes a due date exactly when isLocalDate does", () => {
    const candidates = ["0000-02-29", "1900-02-29", "2000-02-29", "2024-02-29", "2023-02-29", "0004-02-29", "2026-1-01", "2026-01-1", "202a-01-01", "2026/01/01", "2026-01-01 ", "２０２６-01-01"]
    for (const year of ["0000", "0099", "1999", "2024", "2025", "9999"])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) candidates.push(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`)
    const task = makeTask({ id: "t1" })
    for (const dueDate of candidates) expect(isCanonicalTask({ ...task, dueDate }), dueDate).toBe(isLocalDate(dueDate))
  })

  it("refuses what the schema would fill in, trim or strip, though the schema accepts it", () => {
    const task = { ...makeTask({ id: "t1" }) } as Record<string, unknown>
    const file = (t: Record<string, unknown>) => ({ version: 1, revision: 1, tasks: [t] })
    expect(isCanonicalTasksFile(file(task))).toBe(true)
    const cases: Array<Record<string, unknown>> = [
      (({ description: _, ...rest }) => rest)(task),
      (({ priority: _, ...rest }) => rest)(task),
      { ...task, title: " padded" },
      { ...task, surplus: true },
      { ...task, recurrence: { frequency: "daily", interval: 1, extra: 1 } },
      { ...task, notes: [{ id: "n", content: "c", createdAt: "t", source: "cli", extra: 1 }] },
    ]
    for (const changed of cases) {
      expect(TasksFile.safeParse(file(changed)).success).toBe(true)
      expect(isCanonicalTasksFile(file(changed))).toBe(false)
    }
    expect(isCanonicalTasksFile({ ...file(task), extra: 1 })).toBe(false)
    expect(isCanonicalTask({ ...task, assignee: "claude" })).toBe(true)
  })
})
