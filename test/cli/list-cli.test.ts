// The CLI's bounded lists, ready work, claiming, export/import and --version, run as a real process.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskAsync, runTskJson } from "../helpers/run-tsk.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import packageJson from "../../package.json" with { type: "json" }

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

type Json = Record<string, any>
const seed = (n: number) =>
  mutateTasks(home, () => ({ tasks: Array.from({ length: n }, (_, i) => makeTask({ id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, title: `Task ${i}`, order: i })), result: null }))

describe("tsk list", () => {
  it("shows 50 tasks and ends with what was left out; --limit 0 shows all", async () => {
    await seed(120)
    const text = runTsk(home, ["ls"]).stdout.trimEnd().split("\n")
    expect(text).toHaveLength(51)
    expect(text.at(-1)).toBe("50 of 120 shown (--limit, --offset)")
    expect(runTsk(home, ["ls", "--limit", "0"]).stdout.trimEnd().split("\n")).toHaveLength(120)
    expect(runTsk(home, ["ls", "--offset", "100"]).stdout.trimEnd().split("\n").at(-1)).toBe("101-120 of 120 shown (--limit, --offset)")
  })

  it("keeps one JSON array on stdout and writes the left-out line to stderr", async () => {
    await seed(60)
    const result = runTsk(home, ["list", "--json", "--fields", "id,title"])
    expect(JSON.parse(result.stdout)).toHaveLength(50)
    expect(JSON.parse(result.stdout)[0]).toEqual({ id: "00000000-0000-4000-8000-000000000000", title: "Task 0" })
    expect(result.stderr.trim()).toBe("50 of 60 shown (--limit, --offset)")
    expect(runTsk(home, ["list", "--json", "--fields", "colour"]).code).toBe(4)
  })

  it("accumulates a repeated option: -t ui -t theme keeps both tags", () => {
    const task = runTskJson<Json>(home, ["add", "Dark mode", "-t", "ui", "-t", "theme,colour"])
    expect(task.tags).toEqual(["ui", "theme", "colour"])
  })

  it("prints a level-3 subtask under its parent and says which subtasks stay open when a parent is done", () => {
    const root = runTskJson<Json>(home, ["add", "Root"]).id
    const a = runTskJson<Json>(home, ["add", "Child A", "--parent", root]).id
    runTsk(home, ["add", "Child B", "--parent", root])
    runTsk(home, ["add", "Grandchild", "--parent", a])
    const rows = runTsk(home, ["ls", "--sort", "order"]).stdout.trimEnd().split("\n").map((l) => l.slice(9).trim())
    expect(rows).toEqual(["○    Root  [0/2]", "○      ↳ Child A  [0/1]", "○        ↳ Grandchild", "○      ↳ Child B"])
    const done = runTsk(home, ["done", root])
    expect(done.stdout).toContain("2 open subtasks stay open")
    const after = runTsk(home, ["ls", "--sort", "order"]).stdout
    expect(after).toContain(`Child A  ↑ ${root.slice(0, 8)} ✓`)
  })
})

describe("control characters", () => {
  it("are dropped when written, and shown escaped when a file already holds them", async () => {
    const added = runTskJson<Json>(home, ["add", "Title\u001b]0;owned\u0007 here", "-P", "web\u009b"])
    expect(added).toMatchObject({ title: "Title]0;owned here", project: "web" })
    await mutateTasks(home, () => ({ tasks: [makeTask({ id: "raw00001", title: "Bad\u001b[2J", description: "x\u0007y" })], result: null }))
    for (const args of [["ls"], ["show", "raw00001"], ["export", "--format", "md"], ["projects"]]) {
      const out = runTsk(home, args).stdout
      expect([args.join(" "), /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(out)]).toEqual([args.join(" "), false])
    }
    expect(runTsk(home, ["ls"]).stdout).toContain("Bad\\x1b[2J")
  })
})

describe("ready, next and claim", () => {
  it("lists ready work and names the next task", () => {
    const blocker = runTskJson<Json>(home, ["add", "Blocker", "-p", "low"]).id
    const waits = runTskJson<Json>(home, ["add", "Waits", "-p", "urgent"]).id
    runTsk(home, ["block", waits, "--by", blocker])
    runTsk(home, ["add", "Important", "-p", "high"])
    expect(runTskJson<Json[]>(home, ["ready"]).map((t) => t.title)).toEqual(["Important", "Blocker"])
    expect(runTskJson<Json>(home, ["next"]).title).toBe("Important")
    runTsk(home, ["edit", waits, "--blocked-by", "none"])
    expect(runTskJson<Json>(home, ["next"]).title).toBe("Waits")
    expect(runTskJson<Json>(home, ["edit", waits, "--blocked-by", blocker]).blockedBy).toEqual([blocker])
  })

  it("lets exactly one of two processes claiming the same task at once win", async () => {
    const id = runTskJson<Json>(home, ["add", "Contended"]).id
    const [a, b] = await Promise.all([runTskAsync(home, ["claim", id, "--as", "agent-a", "--json"]), runTskAsync(home, ["claim", id, "--as", "agent-b", "--json"])])
    const results = [a, b]
    expect(results.map((r) => r.code).sort()).toEqual([0, 1])
    const loser = results.find((r) => r.code === 1)!
    expect(JSON.parse(loser.stdout).error.kind).toBe("conflict")
    const winner = JSON.parse(results.find((r) => r.code === 0)!.stdout)
    expect(runTskJson<Json>(home, ["show", id])).toMatchObject({ assignee: winner.assignee, status: "in_progress" })
  })
})

describe("claiming through the bridge", () => {
  it("lets exactly one of two agents sending claim at once win; the other gets conflict", async () => {
    const id = runTskJson<Json>(home, ["add", "Contended"]).id
    const send = (source: string) => runTskAsync(home, ["agent", "send", JSON.stringify({ source, command: "claim", payload: { taskId: id } }), "--json"])
    const results = await Promise.all([send("claude-code"), send("codex")])
    expect(results.map((r) => r.code).sort()).toEqual([0, 1])
    expect(JSON.parse(results.find((r) => r.code === 1)!.stdout).error.kind).toBe("conflict")
    const winner = JSON.parse(results.find((r) => r.code === 0)!.stdout).data
    expect(runTskJson<Json>(home, ["show", id])).toMatchObject({ assignee: winner.assignee, status: "in_progress" })
  })
})

describe("export, import and --version", () => {
  it("exports every task, done and archived too, as JSON, CSV and Markdown", async () => {
    await seed(3)
    runTsk(home, ["done", "00000000-0000-4000-8000-000000000001"])
    runTsk(home, ["archive", "00000000-0000-4000-8000-000000000002"])
    expect(JSON.parse(runTsk(home, ["export"]).stdout)).toHaveLength(3)
    const csv = runTsk(home, ["export", "--format", "csv"]).stdout.trimEnd().split("\n")
    expect(csv[0]).toMatch(/^id,title,status,priority,/)
    expect(csv).toHaveLength(4)
    const md = runTsk(home, ["export", "--format", "md"]).stdout
    expect(md).toContain("- [x] Task 1")
    expect(md).toContain("- [-] Task 2")
    expect(runTsk(home, ["export", "--format", "xml"]).code).toBe(4)
  })

  it("imports an export into another home, once", async () => {
    await seed(2)
    const file = join(home, "export.json")
    writeFileSync(file, runTsk(home, ["export"]).stdout)
    const other = makeTempHome()
    try {
      expect(runTskJson<Json>(other.home, ["import", file])).toMatchObject({ imported: 2, skipped: 0, format: "tsk" })
      expect(runTskJson<Json>(other.home, ["import", file])).toMatchObject({ imported: 0, skipped: 2 })
    } finally {
      other.cleanup()
    }
  })

  it("prints the version", () => {
    expect(runTsk(home, ["--version"]).stdout.trim()).toBe(`tsk ${packageJson.version}`)
  })
})

describe("the ancestor's tasks.json", () => {
  const fixture = join(import.meta.dirname, "..", "fixtures", "ancestor-tasks.json")

  it("is migrated in place with a backup of the original, never emptied", () => {
    copyFileSync(fixture, join(home, "tasks.json"))
    const all = runTskJson<Json[]>(home, ["list", "--all", "--limit", "0", "--fields", "all"])
    expect(all).toHaveLength(5)
    expect(all.find((t) => t.title === "Ship the release")).toMatchObject({ status: "in_progress", progress: { done: 1, total: 2 } })
    const backups = readdirSync(home).filter((f) => f.startsWith("tasks.ancestor-"))
    expect(backups).toHaveLength(1)
    expect(readFileSync(join(home, backups[0]!), "utf8")).toBe(readFileSync(fixture, "utf8"))
    expect(JSON.parse(readFileSync(join(home, "tasks.json"), "utf8"))).toMatchObject({ version: 1, revision: 1 })
  })

  it("is read by doctor as a migrated file, not repaired away", () => {
    copyFileSync(fixture, join(home, "tasks.json"))
    const report = runTskJson<Json>(home, ["doctor", "--repair"])
    expect(report.files.find((f: Json) => f.file === "tasks.json").status).toBe("ok")
    expect(runTskJson<Json[]>(home, ["list", "--all", "--limit", "0"])).toHaveLength(5)
  })

  it("can be imported with tsk import", () => {
    runTsk(home, ["add", "Mine"])
    expect(runTskJson<Json>(home, ["import", fixture])).toMatchObject({ imported: 5, format: "ancestor" })
    expect(runTskJson<Json[]>(home, ["list", "--all", "--limit", "0"])).toHaveLength(6)
  })
})
