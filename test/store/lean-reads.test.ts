import { afterEach, describe, expect, it } from "vitest"
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { BUN, MAIN, PROJECT_ROOT } from "../helpers/run-tsk.ts"

const FORBID_ZOD = join(PROJECT_ROOT, "test", "helpers", "forbid-zod.ts")
const homes: string[] = []

function runWithoutZod(home: string, args: string[]) {
  const result = spawnSync(BUN, ["--preload", FORBID_ZOD, MAIN, ...args], {
    env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

describe("the everyday commands on a new home", () => {
  it("list, add, show and done answer without loading the schema", () => {
    const home = mkdtempSync(join(tmpdir(), "tsk-lean-"))
    homes.push(home)
    const empty = runWithoutZod(home, ["list", "--json"])
    expect(empty.stderr).toBe("")
    expect(empty.code).toBe(0)
    expect(JSON.parse(empty.stdout)).toEqual([])
    const added = runWithoutZod(home, ["add", "First task", "--json"])
    expect(added.code, added.stderr).toBe(0)
    const listed = runWithoutZod(home, ["list", "--json"])
    expect(listed.code, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout).map((t: { title: string }) => t.title)).toEqual(["First task"])
    const id = JSON.parse(added.stdout).id as string
    expect(runWithoutZod(home, ["show", id.slice(0, 8), "--json"]).code).toBe(0)
    const done = runWithoutZod(home, ["done", id.slice(0, 8), "--json"])
    expect(done.code, done.stderr).toBe(0)
    expect(JSON.parse(done.stdout).status).toBe("done")
  })

  it("the preload does catch a path that loads the schema", () => {
    // The check itself: `tsk doctor` validates with zod, so it must fail under the preload.
    const home = mkdtempSync(join(tmpdir(), "tsk-lean-"))
    homes.push(home)
    const doctor = runWithoutZod(home, ["doctor", "--json"])
    expect(doctor.code).not.toBe(0)
    expect(doctor.stdout + doctor.stderr).toContain("zod was loaded")
  })
})
