// A repair that salvages: a missing tasks.json beside its journal and backups is a lost list, not
// a new one; one bad value costs that task, never a rollback to an older backup; a torn file gives
// up only its torn end. Real processes, as the reproductions.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { compactTasks, mutateTasks } from "../../src/store/tasks-repository.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const titles = () => runTskJson<Array<{ title: string }>>(home, ["export"]).map((t) => t.title).sort()
const file = () => join(home, "tasks.json")

describe("a missing tasks.json", () => {
  it("is never 'not created yet' beside its journal and backups: commands refuse, the repair brings every task back", () => {
    for (const title of ["a", "b", "c"]) runTskJson(home, ["add", title])
    renameSync(file(), `${file()}.corrupt-x`)
    const list = runTsk(home, ["list", "--json"])
    expect(list.code).toBe(1)
    expect(list.stdout).toMatch(/tasks\.json is missing/)
    expect(runTsk(home, ["add", "d"]).code).toBe(1)
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
    const doctor = runTsk(home, ["doctor"])
    expect(doctor.code).toBe(1)
    expect(doctor.stdout).not.toMatch(/tasks\.json \(not created yet\)/)
    const repair = runTsk(home, ["doctor", "--repair"])
    expect(repair.code, repair.stdout + repair.stderr).toBe(0)
    expect(titles()).toEqual(["a", "b", "c"])
    runTskJson(home, ["add", "d"])
    expect(titles()).toEqual(["a", "b", "c", "d"])
  })

  it("stays 'not created yet' in a new home", () => {
    const doctor = runTskJson<{ healthy: boolean; files: Array<{ file: string; status: string }> }>(home, ["doctor"])
    expect(doctor.healthy).toBe(true)
    expect(doctor.files.find((f) => f.file === "tasks.json")!.status).toBe("missing")
    expect(runTskJson<unknown[]>(home, ["list"])).toEqual([])
  })
})

describe("tsk doctor --repair on a damaged tasks.json", () => {
  it("keeps every valid task and quarantines the one bad value, never rolling back to the oldest valid backup", async () => {
    runTskJson(home, ["add", "first"])
    const bad = runTskJson<{ id: string }>(home, ["add", "bad value"])
    for (const title of ["t3", "t4", "t5"]) runTskJson(home, ["add", title])
    // A value the CLI now refuses, folded into every base and backup written since.
    await mutateTasks(home, (tasks) => ({ tasks: tasks.map((t) => (t.id === bad.id ? { ...t, estimateMinutes: 2 ** 60 } : t)), result: null }))
    await compactTasks(home)
    runTskJson(home, ["add", "after"])
    await compactTasks(home)
    expect(runTsk(home, ["doctor"]).code).toBe(1)
    const repair = runTskJson<{ healthy: boolean; files: Array<{ detail?: string }> }>(home, ["doctor", "--repair"])
    expect(repair.healthy).toBe(true)
    expect(titles()).toEqual(["after", "first", "t3", "t4", "t5"])
    const quarantine = readdirSync(home).filter((n) => n.startsWith("tasks.quarantine-"))
    expect(quarantine).toHaveLength(1)
    expect(readFileSync(join(home, quarantine[0]!), "utf8")).toContain(bad.id)
    expect(readdirSync(home).some((n) => n.startsWith("tasks.json.corrupt-"))).toBe(true)
    expect(runTskJson<{ healthy: boolean }>(home, ["doctor"]).healthy).toBe(true)
  })

  it("keeps the whole tasks of a torn file and takes the rest from the newest backup", async () => {
    for (const title of ["a", "b", "c", "d"]) runTskJson(home, ["add", title])
    await compactTasks(home)
    const text = readFileSync(file(), "utf8")
    // Torn inside the last task: the first three are whole.
    writeFileSync(file(), text.slice(0, text.lastIndexOf('"title":"d"') + 5))
    expect(runTsk(home, ["list"]).code).toBe(1)
    const repair = runTsk(home, ["doctor", "--repair"])
    expect(repair.code, repair.stdout).toBe(0)
    expect(repair.stdout).toMatch(/torn/)
    expect(titles()).toEqual(["a", "b", "c", "d"])
  })
})
