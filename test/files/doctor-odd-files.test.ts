// `tsk doctor` never opens a FIFO, a device or a link in place of tsk's own files: it reports
// them, and --repair sets them aside, run as real processes (an old doctor waited on the FIFO).
import { execFileSync, spawnSync } from "node:child_process"
import { readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTsk } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-doctor-odd-")))
afterEach(() => cleanup())

/** `tsk doctor`, killed outright if it hangs (a blocked read never sees a gentler signal). */
function doctor(...args: string[]): { code: number; report: { files: Array<{ file: string; status: string; error?: string; movedTo?: string }> } } {
  const result = spawnSync(BUN, [MAIN, "doctor", ...args, "--json"], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { code: result.status ?? -1, report: JSON.parse(result.stdout || "{}") }
}

describe("tsk doctor with odd files in tsk's places", () => {
  it("reports a FIFO as tasks.json, and --repair moves it aside and restores the newest backup", () => {
    runTsk(home, ["add", "Kept in a backup"])
    runTsk(home, ["doctor", "--repair"])
    rmSync(join(home, "tasks.json"))
    rmSync(join(home, "tasks.journal"), { force: true })
    execFileSync("mkfifo", [join(home, "tasks.json")])
    const checked = doctor()
    expect(checked.code).toBe(1)
    expect(checked.report.files.find((f) => f.file === "tasks.json")).toMatchObject({ status: "corrupt", error: expect.stringMatching(/is a FIFO, not a regular file/) })
    const repaired = doctor("--repair")
    expect(repaired.code).toBe(0)
    expect(repaired.report.files.find((f) => f.file === "tasks.json")?.movedTo).toMatch(/^tasks\.json\.corrupt-/)
    expect(runTsk(home, ["list", "--all"]).stdout).toContain("Kept in a backup")
  })

  it("reports config.json as a link to /dev/zero without reading it", () => {
    symlinkSync("/dev/zero", join(home, "config.json"))
    const checked = doctor()
    expect(checked.code).toBe(1)
    expect(checked.report.files.find((f) => f.file === "config.json")).toMatchObject({ status: "corrupt", error: expect.stringMatching(/is a symbolic link, not a regular file/) })
  })

  it("skips a FIFO among the backups when it restores one", () => {
    runTsk(home, ["config", "set", "ui.theme", "light"])
    const good = readdirSync(join(home, "backups")).filter((n) => n.startsWith("config.json."))
    expect(good.length).toBeGreaterThan(0)
    // Named to sort first (newest): the repair must pass over it to the real backup.
    execFileSync("mkfifo", [join(home, "backups", "config.json.999999999999999-0000000099-aaaaaa.bak")])
    writeFileSync(join(home, "config.json"), "{ torn")
    const repaired = doctor("--repair")
    expect(repaired.code).toBe(0)
    expect(repaired.report.files.find((f) => f.file === "config.json")).toMatchObject({ restoredFrom: good[0] })
  })
})
