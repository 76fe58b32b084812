// tasks.json is current within 2 s of the last acknowledged change without a runner: a command
// that leaves a journal starts one detached compactor, which folds the journal in once it is
// quiet and exits. Real processes; the wait is on the condition (with a generous limit), not a sleep.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTskJson } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(async () => {
  await until(() => !existsSync(join(home, ".tasks.json.compactor")))
  cleanup()
})

async function until(condition: () => boolean, limitMs = 30_000): Promise<number> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return Date.now() - start
}

const onDisk = () => (JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { tasks: Array<{ title: string }> }).tasks.map((t) => t.title)
const on = { TSK_BACKGROUND_COMPACTION: "1" }

describe("tasks.json without a runner", () => {
  it("holds every change soon after the last one, and the compactor exits", async () => {
    for (const title of ["a", "b", "c"]) runTskJson(home, ["add", title], on)
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
    await until(() => !existsSync(join(home, "tasks.journal")))
    expect(onDisk()).toEqual(["a", "b", "c"])
    await until(() => !existsSync(join(home, ".tasks.json.compactor")))
  })

  it("leaves the journal alone when the compactor is turned off", () => {
    for (const title of ["a", "b"]) runTskJson(home, ["add", title], { TSK_BACKGROUND_COMPACTION: "0" })
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
    expect(existsSync(join(home, ".tasks.json.compactor"))).toBe(false)
  })
})
