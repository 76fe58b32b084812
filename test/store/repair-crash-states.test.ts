// A crash at any point of a repair leaves a state that the next command or repair completes. The
// repair's file operations (salvageSteps) run on a copy of a damaged home and stop after each
// step, as a crash there would leave it (a killed holder's lock is taken over as a dead one);
// then real processes carry on: a command either refuses (the list is still damaged) or shows
// every salvaged task, and `tsk doctor --repair` ends with every one of them and a healthy home.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { compactTasks } from "../../src/store/tasks-repository.ts"
import { planSalvage, salvageSteps } from "../../src/store/tasks-salvage.ts"
import { withFileLock } from "../../src/store/file-lock.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const titlesIn = (dir: string) => runTskJson<Array<{ title: string }>>(dir, ["export"]).map((t) => t.title).sort()

/** A home with a torn tasks.json (its last task cut) and a journal of changes on top of it. */
async function damagedHome(): Promise<void> {
  for (const title of ["a", "b", "c", "d"]) runTskJson(home, ["add", title])
  await compactTasks(home)
  for (const title of ["e", "f"]) runTskJson(home, ["add", title])
  const text = readFileSync(join(home, "tasks.json"), "utf8")
  writeFileSync(join(home, "tasks.json"), text.slice(0, text.lastIndexOf('"title":"d"') + 5))
}

async function stepsIn(dir: string): Promise<number> {
  return withFileLock(join(dir, "tasks.json"), async (lock) => salvageSteps(dir, lock, planSalvage(dir), "probe").length)
}

describe("a repair stopped after each of its file operations", () => {
  it("is completed by the next repair, and no command in between shows a shorter list", async () => {
    await damagedHome()
    const expected = ["a", "b", "c", "d", "e", "f"]
    const count = await stepsIn(mkdtempCopy())
    expect(count).toBeGreaterThanOrEqual(4)
    for (let stop = 0; stop <= count; stop++) {
      const dir = mkdtempCopy()
      try {
        await withFileLock(join(dir, "tasks.json"), async (lock) => {
          const steps = salvageSteps(dir, lock, planSalvage(dir), "crash")
          for (const step of steps.slice(0, stop)) await step.run()
        })
        const context = `stopped after ${stop} of ${count} steps`
        const list = runTsk(dir, ["list", "--all", "--json", "--limit", "0"])
        if (list.code === 0) expect((JSON.parse(list.stdout) as Array<{ title: string }>).map((t) => t.title).sort(), context).toEqual(expected)
        else expect(list.code, context).toBe(1)
        const repair = runTsk(dir, ["doctor", "--repair"])
        expect(repair.code, `${context}: ${repair.stdout}${repair.stderr}`).toBe(0)
        expect(titlesIn(dir), context).toEqual(expected)
        const doctor = runTskJson<{ healthy: boolean; warnings: string[] }>(dir, ["doctor"])
        expect(doctor.healthy, context).toBe(true)
        expect(doctor.warnings, context).toEqual([])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }, 240_000)
})

function mkdtempCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsk-repair-crash-"))
  cpSync(home, dir, { recursive: true })
  return dir
}
