// Issue 10, checkpoints: when a runner starts after a crash, an interrupted foreground C64 read is
// run again to its end in the same task, and an interrupted write is marked and never run again.
// The crash is simulated by the files a killed runner leaves (tasks `running`, owner dead).
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { stopRunner } from "../helpers/stop-runner.ts"
import { spawnServe, waitFor } from "../bridge/bridge-helpers.ts"
import { INTERRUPTED_WRITE } from "../../src/c64/resume-tasks.ts"
import { C64_HOME, seedHierarchy } from "./hierarchy-fixture.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-rerun-")))
afterEach(async () => {
  await stopRunner(home)
  cleanup()
})

type Entry = { id: string; status: string; lastError: string | null; folder: string }
const registry = (): Map<string, Entry> =>
  new Map((JSON.parse(readFileSync(join(C64_HOME(home), "tasks.json"), "utf8")) as { tasks: Entry[] }).tasks.map((t) => [t.id, t]))

describe("a runner starting after a crash", () => {
  it("completes the interrupted read in the same task with its result.json, and marks the interrupted write without running it", async () => {
    await seedHierarchy(home)
    await spawnServe(home)
    await waitFor(() => registry().get("0004_extract_ram")!.status !== "running", 20_000, "the read to be run again")

    const read = registry().get("0004_extract_ram")!
    expect(read).toMatchObject({ status: "completed", lastError: null, folder: "tasks/0004_extract_ram" })
    const folder = join(C64_HOME(home), read.folder)
    const result = JSON.parse(readFileSync(join(folder, "result.json"), "utf8")) as { id: string; status: string; summary: { length: number } }
    expect(result).toMatchObject({ id: "0004_extract_ram", status: "completed", summary: expect.objectContaining({ length: 16 }) })
    expect(readFileSync(join(folder, "log.txt"), "utf8")).toContain("re-run after a crash")

    const write = registry().get("0003_write")!
    expect(write).toMatchObject({ status: "error", lastError: INTERRUPTED_WRITE })
    expect(existsSync(join(C64_HOME(home), write.folder, "result.json"))).toBe(false)
    expect([...registry().keys()]).toEqual(["0001_read", "0002_read", "0003_write", "0004_extract_ram", "0005_read_screen"])
  })
})
