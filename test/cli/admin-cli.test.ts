import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { spawnSync } from "node:child_process"
import { hostname } from "node:os"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

describe("tsk config", () => {
  it("lists every key with its default", () => {
    const rows = runTskJson<Array<{ key: string; value: unknown }>>(home, ["config", "list"])
    expect(rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ key: "integrations.agent.enabled", value: false }),
      expect.objectContaining({ key: "integrations.agent.pollIntervalMs", value: 2000 }),
      expect.objectContaining({ key: "c64.backend", value: "sim" }),
    ]))
  })

  it("sets typed values by dotted key and reads them back", () => {
    runTskJson(home, ["config", "set", "integrations.agent.enabled", "true"])
    runTskJson(home, ["config", "set", "integrations.agent.pollIntervalMs", "500"])
    runTskJson(home, ["config", "set", "c64.backend", "vice"])
    expect(runTskJson(home, ["config", "get", "integrations.agent.enabled"])).toEqual({ key: "integrations.agent.enabled", value: true })
    expect(runTsk(home, ["config", "get", "integrations.agent.pollIntervalMs"]).stdout.trim()).toBe("500")
    expect(JSON.parse(readFileSync(join(home, "config.json"), "utf8")).c64.backend).toBe("vice")
  })

  it("rejects unknown keys and invalid values without writing", () => {
    const unknown = runTsk(home, ["config", "set", "integrations.agent.colour", "1"])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown config key/)
    const badValue = runTsk(home, ["config", "set", "integrations.agent.pollIntervalMs", "10"])
    expect(badValue.code).toBe(4)
    expect(badValue.stderr).toMatch(/too small|>=50/i)
    expect(runTsk(home, ["config", "set", "c64.backend", "amiga"]).code).toBe(4)
    expect(existsSync(join(home, "config.json"))).toBe(false)
  })
})

describe("tsk doctor", () => {
  it("reports healthy files", () => {
    runTskJson(home, ["add", "x"])
    const result = runTsk(home, ["doctor"])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("✓ tasks.json")
  })

  it("reports a corrupt file, then --repair moves it aside and restores the last good write, revision moving forward", () => {
    for (const title of ["one", "two", "three"]) runTskJson(home, ["add", title])
    writeFileSync(join(home, "tasks.json"), "garbage")
    const report = runTsk(home, ["doctor"])
    expect(report.code).toBe(1)
    expect(report.stdout).toMatch(/tasks\.json: tasks\.json is not valid JSON/)
    expect(report.stdout).toContain("tsk doctor --repair")
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe("garbage")

    const repaired = runTskJson<{ healthy: boolean; files: Array<{ file: string; movedTo?: string; restoredFrom?: string; detail?: string }> }>(home, ["doctor", "--repair"])
    expect(repaired.healthy).toBe(true)
    const tasksReport = repaired.files.find((f) => f.file === "tasks.json")!
    // Salvaged: nothing whole in the damaged file, the newest backup (the base written in full,
    // revision 1) for what it lost, and the journal's two adds since.
    expect(tasksReport.restoredFrom).toBe("every valid task (3)")
    expect(tasksReport.detail).toMatch(/1 task from backups.*2 changes replayed/)
    expect(readFileSync(join(home, tasksReport.movedTo!), "utf8")).toBe("garbage")
    expect(runTskJson<Array<{ title: string }>>(home, ["list"]).map((t) => t.title)).toEqual(["one", "two", "three"])
    expect(JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")).revision).toBe(4)
    expect(readdirSync(home).some((n) => n.startsWith("tasks.json.corrupt-"))).toBe(true)
  })

  it("backs up the versions written after a repair (names never collide with older revisions)", () => {
    for (const title of ["one", "two"]) runTskJson(home, ["add", title])
    writeFileSync(join(home, "tasks.json"), "garbage")
    runTskJson(home, ["doctor", "--repair"])
    runTskJson(home, ["add", "after repair"])
    writeFileSync(join(home, "tasks.json"), "garbage again")
    runTskJson(home, ["doctor", "--repair"])
    expect(runTskJson<Array<{ title: string }>>(home, ["list"]).map((t) => t.title)).toEqual(["one", "two", "after repair"])
  })

  it("reports and removes temp files and locks that killed writers left behind, and leaves live ones", () => {
    runTskJson(home, ["add", "x"])
    const dead = spawnSync("true").pid!
    const leftovers = [`tasks.json.tmp-${dead}-0a1b2c3d`, `config.json.tmp-${dead}-0a1b2c3d`, `.runner.json.${dead}.ab12cd34.tmp`, `.tasks.json.validated.${dead}.tmp`, "runner.json.corrupt-1700000000000", "tasks.json.3735928559"]
    for (const name of leftovers) writeFileSync(join(home, name), "{")
    // write-file-atomic's old temp names carry no pid: a minute old means its writer is gone.
    const old = new Date(Date.now() - 120_000)
    utimesSync(join(home, "tasks.json.3735928559"), old, old)
    writeFileSync(join(home, "tasks.json.lock"), JSON.stringify({ pid: dead, host: hostname(), start: "", token: "t" }))
    const live = `tasks.json.tmp-${process.pid}-0a1b2c3d`
    writeFileSync(join(home, live), "{")
    const report = runTsk(home, ["doctor"])
    expect(report.code).toBe(0)
    for (const name of [...leftovers, "tasks.json.lock"]) {
      expect(report.stdout).toContain(`removed ${name}`)
      expect(existsSync(join(home, name))).toBe(false)
    }
    expect(existsSync(join(home, live))).toBe(true)
  })

  it("repairs a corrupt config.json with no backup by moving it aside (defaults apply)", () => {
    writeFileSync(join(home, "config.json"), '{"integrations": {"agent": {"enabled": "yes"}}}')
    expect(runTsk(home, ["config", "list"]).stderr).toMatch(/config\.json is invalid: integrations\.agent\.enabled/)
    const repaired = runTskJson<{ files: Array<{ file: string; restoredFrom?: string | null }> }>(home, ["doctor", "--repair"])
    expect(repaired.files.find((f) => f.file === "config.json")!.restoredFrom).toBeNull()
    expect(runTsk(home, ["config", "get", "integrations.agent.enabled"]).stdout.trim()).toBe("false")
  })
})
