// The documented way to write tasks.json by hand: what `tsk export` gave, as
// `{version, revision: revision + 1, tasks}`. Every command reads it afterwards and keeps every task.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const titles = (home: string) => runTskJson<Array<{ title: string }>>(home, ["export"]).map((t) => t.title).sort()

describe("writing tasks.json from an export", () => {
  it("reads a file written from `tsk export` (assignee: null and derived fields included) and keeps every task", () => {
    for (const title of ["a", "b", "c"]) runTskJson(home, ["add", title])
    const claimed = runTskJson<{ id: string }>(home, ["add", "claimed"])
    runTskJson(home, ["claim", claimed.id, "--as", "ana"])
    const exported = JSON.parse(runTsk(home, ["export"]).stdout) as Array<{ assignee: string | null }>
    expect(exported.some((t) => t.assignee === null)).toBe(true)
    const file = join(home, "tasks.json")
    const { revision } = JSON.parse(readFileSync(file, "utf8")) as { revision: number }
    writeFileSync(file, JSON.stringify({ version: 1, revision: revision + 1, tasks: exported }, null, 2))
    const list = runTsk(home, ["list", "--json"])
    expect(list.code, list.stderr).toBe(0)
    expect(titles(home)).toEqual(["a", "b", "c", "claimed"])
    runTskJson(home, ["add", "d"])
    expect(titles(home)).toEqual(["a", "b", "c", "claimed", "d"])
    const shown = runTskJson<Array<{ title: string; assignee: string | null }>>(home, ["export"])
    expect(shown.find((t) => t.title === "claimed")!.assignee).toBe("ana")
    expect(shown.find((t) => t.title === "a")!.assignee).toBeNull()
    const doctor = runTskJson<{ healthy: boolean; warnings: string[] }>(home, ["doctor"])
    expect(doctor).toMatchObject({ healthy: true, warnings: [] })
  })
})
