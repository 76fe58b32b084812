// Outside changes of tasks.json are merged with tsk's journal, never dropped: a file with a higher
// revision (a sync tool, git pull), an edit with jq, a deletion, a restored older copy. Each case
// runs the real CLI, as the reproductions do.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { compactTasks } from "../../src/store/tasks-repository.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

interface Exported {
  id: string
  title: string
  priority: string
}
type TasksFileJson = { version: number; revision: number; tasks: Array<Record<string, unknown>> }

const exported = () => runTskJson<Exported[]>(home, ["export"])
const titles = () => exported().map((t) => t.title).sort()
const file = () => join(home, "tasks.json")
const readFile = () => JSON.parse(readFileSync(file(), "utf8")) as TasksFileJson
/** What `jq '…' tasks.json > t && mv t tasks.json` does: a new file in its place. */
function editOutside(change: (value: TasksFileJson) => void): void {
  const value = readFile()
  change(value)
  writeFileSync(join(home, "t"), JSON.stringify(value))
  copyFileSync(join(home, "t"), file())
}
const journalExists = () => existsSync(join(home, "tasks.journal"))

describe("a tasks.json tsk did not write", () => {
  it("keeps the journal's changes when the file comes back with a higher revision", () => {
    for (const title of ["a", "J1", "J2"]) runTskJson(home, ["add", title])
    expect(journalExists()).toBe(true)
    editOutside((value) => (value.revision += 100))
    runTskJson(home, ["add", "next"])
    expect(titles()).toEqual(["J1", "J2", "a", "next"])
    const doctor = runTskJson<{ healthy: boolean; warnings: string[] }>(home, ["doctor"])
    expect(doctor.healthy).toBe(true)
    expect(readdirSync(home).filter((n) => n.startsWith("tasks.journal."))).toEqual([])
  })

  it("keeps an outside edit of a field the journal did not change, and the journal's own change", () => {
    const a = runTskJson<Exported>(home, ["add", "a"])
    runTskJson(home, ["edit", a.id, "--priority", "high"])
    expect(journalExists()).toBe(true)
    editOutside((value) => (value.tasks[0]!.title = "edited outside"))
    const [task] = exported()
    expect(task).toMatchObject({ title: "edited outside", priority: "high" })
    runTskJson(home, ["add", "b"])
    expect(exported().find((t) => t.id === a.id)).toMatchObject({ title: "edited outside", priority: "high" })
  })

  it("keeps a deletion from outside of a task the journal did not change", () => {
    runTskJson(home, ["add", "gone"])
    runTskJson(home, ["add", "kept"])
    editOutside((value) => (value.tasks = value.tasks.filter((t) => t.title !== "gone")))
    runTskJson(home, ["add", "later"])
    expect(titles()).toEqual(["kept", "later"])
  })

  it("keeps a task the journal edited when it is deleted outside, and records the deletion as a conflict", () => {
    const a = runTskJson<Exported>(home, ["add", "a"])
    runTskJson(home, ["edit", a.id, "--priority", "urgent"])
    editOutside((value) => (value.tasks = []))
    runTskJson(home, ["add", "b"])
    expect(titles()).toEqual(["a", "b"])
    const conflicts = runTskJson<Array<{ taskId: string; field: string }>>(home, ["conflicts"])
    expect(conflicts).toMatchObject([{ taskId: a.id, field: "deleted" }])
    const doctor = runTskJson<{ warnings: string[] }>(home, ["doctor"])
    expect(doctor.warnings.join("\n")).toMatch(/1 conflict/)
  })

  it("records both values when the journal and the outside edit changed the same field", () => {
    const a = runTskJson<Exported>(home, ["add", "a"])
    runTskJson(home, ["edit", a.id, "--title", "from tsk"])
    editOutside((value) => {
      value.tasks[0]!.title = "from outside"
      value.tasks[0]!.updatedAt = "2000-01-01T00:00:00.000Z"
    })
    expect(exported()[0]!.title).toBe("from tsk")
    const conflicts = runTskJson<Array<{ field: string; kept: unknown; lost: unknown }>>(home, ["conflicts"])
    expect(conflicts).toMatchObject([{ field: "title", kept: "from tsk", lost: "from outside" }])
    const shown = runTsk(home, ["conflicts"])
    expect(shown.stdout).toContain("from outside")
    expect(runTskJson<unknown[]>(home, ["conflicts", "clear"])).toHaveLength(1)
    expect(runTskJson<unknown[]>(home, ["conflicts"])).toEqual([])
  })

  it("merges a restored older copy as a change: what it removed goes, what the journal did stays", async () => {
    const a = runTskJson<Exported>(home, ["add", "a"])
    const older = join(home, "older-copy.json")
    copyFileSync(file(), older)
    runTskJson(home, ["add", "b"])
    expect(await compactTasks(home)).toBe(true)
    runTskJson(home, ["add", "c"])
    runTskJson(home, ["edit", a.id, "--priority", "high"])
    copyFileSync(older, file())
    const list = exported()
    expect(list.map((t) => t.title).sort()).toEqual(["a", "c"])
    expect(list.find((t) => t.id === a.id)!.priority).toBe("high")
  })

  it("merges sync tools' conflict copies beside tasks.json and sets them aside", () => {
    const a = runTskJson<Exported>(home, ["add", "a"])
    runTskJson(home, ["add", "local"])
    const copy = readFile()
    copy.tasks = copy.tasks.map((t) => (t.id === a.id ? { ...t, priority: "urgent", updatedAt: "2099-01-01T00:00:00.000Z" } : t))
    copy.tasks.push({ ...copy.tasks[0]!, id: "remote-task-1", title: "from the other device" })
    writeFileSync(join(home, "tasks.sync-conflict-20260101-120000-ABCDEFG.json"), JSON.stringify(copy))
    writeFileSync(join(home, "tasks (ana's conflicted copy 2026-01-01).json"), JSON.stringify({ ...copy, tasks: [{ ...copy.tasks[0]!, id: "dropbox-task", title: "from dropbox" }] }))
    runTskJson(home, ["doctor"])
    expect(titles()).toEqual(["a", "from dropbox", "from the other device", "local"])
    expect(exported().find((t) => t.id === a.id)!.priority).toBe("urgent")
    expect(readdirSync(home).filter((n) => n.includes("conflict") && n !== "conflicts.json")).toEqual([])
    expect(readdirSync(join(home, "backups")).filter((n) => n.startsWith("merged-"))).toHaveLength(2)
  })
})
