// A store operation works out its home's paths (store/paths.ts) once, at its entry, and passes
// them down to every helper it calls: reading, the lean change, the full change inside the lock,
// the journal's append, compaction and the merge of an outside edit. A preload counts homePaths
// in a real `tsk` process (test/helpers/count-home-paths.ts).
import { afterEach, describe, expect, it } from "vitest"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { BUN, MAIN, PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const COUNT_HOME_PATHS = join(PROJECT_ROOT, "test", "helpers", "count-home-paths.ts")
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function newHome(): string {
  const { home, cleanup } = makeTempHome("tsk-paths-once-")
  cleanups.push(cleanup)
  return home
}

/** Runs one command; its output, and how many times the process worked out a home's paths. */
function counted(home: string, args: string[], script = MAIN): { stdout: string; calls: number } {
  const result = spawnSync(BUN, ["--preload", COUNT_HOME_PATHS, script, ...args], {
    env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1", TSK_BACKGROUND_COMPACTION: "0" },
    encoding: "utf8",
    timeout: 120_000,
  })
  expect(result.status, result.stderr).toBe(0)
  const match = /homePaths calls: (\d+)/.exec(result.stderr)
  expect(match, result.stderr).not.toBeNull()
  return { stdout: result.stdout, calls: Number(match![1]) }
}

describe("a store operation works out its home's paths once", () => {
  it("for an add, a listing, a change of one task by id and by prefix, and an edit", () => {
    const home = newHome()
    // The first add reads a missing list (the full change); the next ones append without reading it.
    expect(counted(home, ["add", "first", "--json"]).calls).toBe(1)
    const added = counted(home, ["add", "second", "--json"])
    expect(added.calls).toBe(1)
    const id = (JSON.parse(added.stdout) as { id: string }).id
    const listed = counted(home, ["list", "--json"])
    expect(listed.calls).toBe(1)
    expect((JSON.parse(listed.stdout) as { title: string }[]).map((t) => t.title)).toEqual(["first", "second"])
    // The full id: the lean change; a prefix: the whole list inside the lock.
    expect(counted(home, ["start", id, "--json"]).calls).toBe(1)
    expect(counted(home, ["done", id.slice(0, 8), "--json"]).calls).toBe(1)
    expect(counted(home, ["edit", id, "--title", "renamed", "--json"]).calls).toBe(1)
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
  })

  it("for a compaction, and for a listing that merges an edit made outside tsk", () => {
    const home = newHome()
    counted(home, ["add", "first", "--json"])
    counted(home, ["add", "second", "--json"])
    // The background compactor's run: it folds the journal into tasks.json.
    expect(counted(home, ["__compact-tasks"]).calls).toBe(1)
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
    counted(home, ["add", "third", "--json"])
    // tasks.json edited by hand beside a journal: the listing merges it under the lock first.
    const file = join(home, "tasks.json")
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, "utf8")), null, 2))
    const listed = counted(home, ["list", "--json"])
    expect(listed.calls).toBe(1)
    expect((JSON.parse(listed.stdout) as { title: string }[]).map((t) => t.title)).toEqual(["first", "second", "third"])
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
  })

  it("once for the life of a long-lived store (the TUI's): its load, changes and polls", () => {
    const home = newHome()
    const session = counted(home, [], join(PROJECT_ROOT, "test", "helpers", "app-store-session.ts"))
    expect(JSON.parse(session.stdout)).toEqual([["first", "in_progress"]])
    expect(session.calls).toBe(1)
  })
})
