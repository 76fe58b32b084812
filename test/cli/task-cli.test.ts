import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

interface TaskJson {
  id: string
  title: string
  status: string
  priority: string
  project: string | null
  tags: string[]
  dueDate: string | null
  parentId: string | null
  subtaskIds: string[]
  completedAt: string | null
  blockedBy: string[]
  blocked: boolean
  notes: Array<{ content: string; source: string }>
  timeEntries: Array<{ start: string; end: string | null }>
  estimateMinutes: number | null
  progress: { done: number; total: number } | null
}

const localToday = (tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date())

describe("tsk add / list / show", () => {
  it("adds a task with every field and prints it as JSON", () => {
    const task = runTskJson<TaskJson>(home, ["add", "Write", "report", "-p", "high", "-P", "work", "-t", "a,b", "-d", "2030-01-02", "--estimate", "1h30m"])
    expect(task).toMatchObject({ title: "Write report", priority: "high", project: "work", tags: ["a", "b"], dueDate: "2030-01-02", estimateMinutes: 90, subtaskIds: [] })
  })

  it("lists open tasks as a JSON array and hides done ones without --all", () => {
    const a = runTskJson<TaskJson>(home, ["add", "open one"])
    const b = runTskJson<TaskJson>(home, ["add", "finished one"])
    runTskJson(home, ["done", b.id])
    expect(runTskJson<TaskJson[]>(home, ["list"]).map((t) => t.id)).toEqual([a.id])
    expect(runTskJson<TaskJson[]>(home, ["ls", "--all"])).toHaveLength(2)
    expect(runTskJson<TaskJson[]>(home, ["list", "--status", "done"]).map((t) => t.id)).toEqual([b.id])
  })

  it("filters by priority, project, tag, search and sorts", () => {
    runTskJson(home, ["add", "alpha", "-p", "low", "-P", "web", "-t", "ui"])
    runTskJson(home, ["add", "beta", "-p", "urgent", "-P", "api"])
    runTskJson(home, ["add", "gamma", "-p", "high", "-P", "web"])
    expect(runTskJson<TaskJson[]>(home, ["list", "-P", "web", "--sort", "priority"]).map((t) => t.title)).toEqual(["gamma", "alpha"])
    expect(runTskJson<TaskJson[]>(home, ["list", "--tag", "ui"]).map((t) => t.title)).toEqual(["alpha"])
    expect(runTskJson<TaskJson[]>(home, ["list", "--search", "ET"]).map((t) => t.title)).toEqual(["beta"])
    expect(runTskJson<TaskJson[]>(home, ["list", "--priority", "urgent,high", "--sort", "title", "--limit", "1"]).map((t) => t.title)).toEqual(["beta"])
  })

  it("shows a parent with its subtask ids and progress", () => {
    const parent = runTskJson<TaskJson>(home, ["add", "parent"])
    const child = runTskJson<TaskJson>(home, ["add", "child", "--parent", parent.id.slice(0, 6)])
    runTskJson(home, ["done", child.id])
    const shown = runTskJson<TaskJson>(home, ["show", parent.id.slice(0, 5)])
    expect(shown.subtaskIds).toEqual([child.id])
    expect(shown.progress).toEqual({ done: 1, total: 1 })
    expect(runTsk(home, ["show", parent.id]).stdout).toContain("Subtasks")
  })

  it("enforces three levels of subtasks from the CLI", () => {
    const a = runTskJson<TaskJson>(home, ["add", "a"])
    const b = runTskJson<TaskJson>(home, ["add", "b", "--parent", a.id])
    const c = runTskJson<TaskJson>(home, ["add", "c", "--parent", b.id])
    const result = runTsk(home, ["add", "d", "--parent", c.id])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/at most 3 levels/)
  })
})

describe("changing tasks", () => {
  it("edits fields and clears them with none", () => {
    const task = runTskJson<TaskJson>(home, ["add", "x", "-P", "web", "-d", "2030-01-01"])
    const edited = runTskJson<TaskJson>(home, ["edit", task.id, "--title", "y", "-P", "none", "-d", "none", "--status", "in_progress"])
    expect(edited).toMatchObject({ title: "y", project: null, dueDate: null, status: "in_progress" })
  })

  it("sets completedAt through done, edit --status done and clears it on undone", () => {
    const a = runTskJson<TaskJson>(home, ["add", "a"])
    const b = runTskJson<TaskJson>(home, ["add", "b"])
    expect(runTskJson<TaskJson>(home, ["done", a.id]).completedAt).not.toBeNull()
    expect(runTskJson<TaskJson>(home, ["edit", b.id, "--status", "done"]).completedAt).not.toBeNull()
    expect(runTskJson<TaskJson>(home, ["undone", a.id]).completedAt).toBeNull()
  })

  it("creates the next occurrence of a recurring task on the local calendar", () => {
    for (const tz of ["America/Los_Angeles", "Pacific/Kiritimati"]) {
      const env = { TZ: tz }
      const task = runTskJson<TaskJson>(home, ["add", `water plants ${tz}`, "--recur", "daily", "-d", "today"], env)
      expect(task.dueDate).toBe(localToday(tz))
      runTskJson(home, ["done", task.id], env)
      const next = runTskJson<TaskJson[]>(home, ["list", "--search", tz], env)
      expect(next).toHaveLength(1)
      const expected = new Date(`${localToday(tz)}T12:00:00Z`)
      expected.setUTCDate(expected.getUTCDate() + 1)
      expect(next[0]!.dueDate).toBe(expected.toISOString().slice(0, 10))
    }
  })

  it("refuses to delete a task with subtasks without --force, then deletes the subtree", () => {
    const parent = runTskJson<TaskJson>(home, ["add", "parent"])
    runTskJson(home, ["add", "child", "--parent", parent.id])
    const refused = runTsk(home, ["rm", parent.id])
    expect(refused.code).toBe(4)
    expect(refused.stderr).toMatch(/has 1 subtask; add --force/)
    const deleted = runTskJson<{ deleted: unknown[] }>(home, ["rm", parent.id, "--force"])
    expect(deleted.deleted).toHaveLength(2)
    expect(runTskJson<TaskJson[]>(home, ["list", "--all"])).toEqual([])
  })

  it("adds notes, blockers without cycles, and archives", () => {
    const a = runTskJson<TaskJson>(home, ["add", "a"])
    const b = runTskJson<TaskJson>(home, ["add", "b"])
    expect(runTskJson<TaskJson>(home, ["note", a.id, "called", "Sam"]).notes[0]).toMatchObject({ content: "called Sam", source: "cli" })
    expect(runTskJson<TaskJson>(home, ["block", a.id, "--by", b.id])).toMatchObject({ blockedBy: [b.id], blocked: true })
    const cycle = runTsk(home, ["block", b.id, "--by", a.id])
    expect(cycle.code).toBe(4)
    expect(cycle.stderr).toMatch(/cycle/)
    expect(runTskJson<TaskJson>(home, ["unblock", a.id, "--by", b.id]).blockedBy).toEqual([])
    expect(runTskJson<TaskJson>(home, ["archive", a.id]).status).toBe("archived")
  })
})

describe("time tracking", () => {
  it("keeps a running timer across processes and stops it later", () => {
    const task = runTskJson<TaskJson>(home, ["add", "focus"])
    runTskJson(home, ["timer", "start", task.id])
    const status = runTskJson<{ running: boolean; taskId: string }>(home, ["timer", "status"])
    expect(status).toMatchObject({ running: true, taskId: task.id })
    const stopped = runTskJson<TaskJson>(home, ["timer", "stop"])
    expect(stopped.timeEntries[0]!.end).not.toBeNull()
    expect(stopped.status).toBe("in_progress")
    expect(runTskJson<{ running: boolean }>(home, ["timer", "status"]).running).toBe(false)
  })

  it("logs time already spent", () => {
    const task = runTskJson<TaskJson>(home, ["add", "focus"])
    const logged = runTskJson<TaskJson>(home, ["log", task.id, "1h30m"])
    const entry = logged.timeEntries[0]!
    expect(Date.parse(entry.end!) - Date.parse(entry.start)).toBe(90 * 60_000)
    expect(runTsk(home, ["log", task.id, "soon"]).code).toBe(4)
  })

  it("says so when no timer runs", () => {
    const result = runTsk(home, ["timer", "stop"])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/no timer is running/)
  })
})

describe("ids, errors and exit codes", () => {
  it("exits 2 for an unknown id, 3 for an ambiguous prefix with the candidates, 4 for a prefix under 4 characters", async () => {
    await mutateTasks(home, () => ({ tasks: [makeTask({ id: "abcd1111" }), makeTask({ id: "abcd2222" })], result: null }))
    expect(runTsk(home, ["show", "zzzz"]).code).toBe(2)
    const short = runTsk(home, ["show", "a", "--json"])
    expect(short.code).toBe(4)
    expect(JSON.parse(short.stdout).error.message).toMatch(/at least 4 characters/)
    const ambiguous = runTsk(home, ["show", "abcd", "--json"])
    expect(ambiguous.code).toBe(3)
    const error = JSON.parse(ambiguous.stdout).error
    expect(error.kind).toBe("ambiguous")
    expect(error.candidates.length).toBeGreaterThanOrEqual(2)
  })

  it("exits 4 with a JSON error for invalid input under --json", () => {
    const result = runTsk(home, ["add", "x", "-p", "critical", "--json"])
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toEqual({ error: { kind: "invalid", message: expect.stringMatching(/unknown priority 'critical'/) } })
  })

  it("takes --json before the command as after it", () => {
    expect(runTsk(home, ["add", "Flag first"]).code).toBe(0)
    const first = runTsk(home, ["--json", "list"])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toBe(runTsk(home, ["list", "--json"]).stdout)
    expect(JSON.parse(runTsk(home, ["--json", "--version"]).stdout)).toEqual(JSON.parse(runTsk(home, ["--version", "--json"]).stdout))
    expect(JSON.parse(runTsk(home, ["--json", "config", "get", "ui.theme"]).stdout)).toEqual(JSON.parse(runTsk(home, ["config", "get", "ui.theme", "--json"]).stdout))
    // After `--`, every word is text, in its place.
    expect(JSON.parse(runTsk(home, ["add", "--json", "--", "-x dash title"]).stdout).title).toBe("-x dash title")
    expect(JSON.parse(runTsk(home, ["add", "--", "a", "--json", "b"]).stdout).title).toBe("a --json b")
  })

  it("rejects unknown options and commands clearly", () => {
    expect(runTsk(home, ["add", "x", "--colour", "red"]).stderr).toMatch(/Unknown option '--colour'/)
    const unknown = runTsk(home, ["frobnicate"])
    expect(unknown.code).toBe(4)
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/)
  })

  it("prints help for every command", () => {
    for (const args of [["add"], ["list"], ["edit"], ["timer", "start"], ["config", "set"], ["doctor"]]) {
      const result = runTsk(home, [...args, "--help"])
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^Usage: tsk /)
    }
  })

  it("gives its help as JSON with --json, for a program: tsk --json alone, a group's, a command's", () => {
    const root = runTskJson<{ usage: string; commands: { name: string; aliases?: string[]; summary: string }[] }>(home, ["--json"])
    expect(root.usage).toBe("tsk [command] [options]")
    expect(root.commands.find((c) => c.name === "list")).toEqual({ name: "list", aliases: ["ls"], summary: expect.stringMatching(/^List tasks/) })
    const list = runTskJson<{ usage: string; options: Record<string, unknown>[]; examples: string[] }>(home, ["list", "--help", "--json"])
    expect(list.usage).toBe("tsk list [options]")
    expect(list.options).toContainEqual({ name: "--limit", short: "-n", type: "string", value: "N", description: expect.any(String) })
    expect(list.options).toContainEqual({ name: "--status", type: "string", value: "s,s", repeatable: true, description: expect.any(String) })
    expect(list.options.at(-1)).toEqual({ name: "--help", short: "-h", type: "boolean", description: "show help" })
    expect(list.examples).toContain("tsk list --limit 0 --json --fields id,title,status")
    expect(runTskJson<{ commands: { name: string }[] }>(home, ["--json", "timer", "-h"]).commands.map((c) => c.name)).toContain("start")
  })

  it("uses colour only on a TTY and never with NO_COLOR", () => {
    runTskJson(home, ["add", "x", "-p", "urgent"])
    expect(runTsk(home, ["list"], { FORCE_COLOR: "1", NO_COLOR: undefined }).stdout).toContain("\x1b[")
    expect(runTsk(home, ["list"], { FORCE_COLOR: "1", NO_COLOR: "1" }).stdout).not.toContain("\x1b[")
    expect(runTsk(home, ["list"], { NO_COLOR: undefined }).stdout).not.toContain("\x1b[")
  })

  it("refuses to touch a corrupt tasks.json and leaves it unchanged", () => {
    const bad = '{"version":1,"revision":2,"tasks":[{"id":"a","title":""}]}'
    writeFileSync(join(home, "tasks.json"), bad)
    const list = runTsk(home, ["list"])
    expect(list.code).toBe(1)
    expect(list.stderr).toMatch(/tasks\.json is invalid: tasks\[0\]\.title/)
    expect(runTsk(home, ["add", "x"]).code).toBe(1)
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe(bad)
  })
})

describe("projects, tags and stats", () => {
  it("counts projects, tags and statuses", () => {
    runTskJson(home, ["add", "a", "-P", "web", "-t", "ui,bug"])
    const b = runTskJson<TaskJson>(home, ["add", "b", "-P", "web", "-t", "bug"])
    runTskJson(home, ["done", b.id])
    expect(runTskJson(home, ["projects"])).toEqual([{ name: "web", count: 2, open: 1 }])
    expect(runTskJson(home, ["tags"])).toEqual([{ name: "bug", count: 2, open: 1 }, { name: "ui", count: 1, open: 1 }])
    expect(runTskJson(home, ["stats"])).toMatchObject({ total: 2, byStatus: { todo: 1, done: 1 }, completedToday: 1, completionRate: 0.5 })
  })
})

describe("tsk add --quick", () => {
  it("reads due, tags, project and priority from the title, as the TUI's add dialog does", () => {
    const task = runTskJson<TaskJson>(home, ["add", "--quick", "Call mom due:2026-12-04 +family @home !high \\+1", "-t", "phone"])
    expect(task).toMatchObject({ title: "Call mom +1", dueDate: "2026-12-04", tags: ["family", "phone"], project: "home", priority: "high" })
  })

  it("stores the title as typed without --quick", () => {
    const task = runTskJson<TaskJson>(home, ["add", "Call mom +family"])
    expect(task).toMatchObject({ title: "Call mom +family", tags: [] })
  })

  it("refuses a due date it cannot read (exit 4)", () => {
    const result = runTsk(home, ["add", "-q", "Pay due:someday"])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain("'someday' is not a date")
  })
})
