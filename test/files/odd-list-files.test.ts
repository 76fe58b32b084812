// A FIFO, a folder or a link in place of tasks.json or tasks.journal: ordinary commands and the
// TUI's store fail at once with an `io` error naming the file, never block on it nor read through
// it (an old `tsk list` waited on a FIFO for good, deaf to SIGTERM). Real processes, killed
// outright should one hang: a hang shows as a signal, not as a passing test.
import { execFileSync, spawnSync } from "node:child_process"
import { mkdirSync, renameSync, rmSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, PROJECT_ROOT, runTsk } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-odd-list-")))
afterEach(() => cleanup())

const env = () => ({ ...process.env, TSK_HOME: home, NO_COLOR: "1", TSK_BACKGROUND_COMPACTION: "0" })

/** A command, killed with SIGKILL after a minute (a blocked read never sees a gentler signal). */
function run(args: string[]): { code: number | null; signal: string | null; stdout: string; stderr: string } {
  const result = spawnSync(BUN, [MAIN, ...args], { env: env(), encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr }
}

/** The TUI's store loading the list in a process of its own: the error it would show. */
function storeLoad(): { signal: string | null; out: string } {
  const script = `import { createAppStore } from ${JSON.stringify(join(PROJECT_ROOT, "src", "store", "app-store.ts"))}
const store = createAppStore({ home: process.env.TSK_HOME })
await store.getState().reload()
const e = store.getState().loadError
console.log(JSON.stringify(e ? { kind: e.kind, message: e.message } : null))`
  const result = spawnSync(BUN, ["-e", script], { env: env(), encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { signal: result.signal, out: result.stdout }
}

function withList(): void {
  expect(runTsk(home, ["add", "first"]).code).toBe(0)
  expect(runTsk(home, ["add", "second"]).code).toBe(0)
}

const odd: Array<[string, (path: string) => void, RegExp]> = [
  ["a FIFO", (path) => execFileSync("mkfifo", [path]), /is a FIFO, not a regular file/],
  ["a folder", (path) => mkdirSync(path), /is a folder, not a regular file/],
  ["a link to a FIFO", (path) => (execFileSync("mkfifo", [`${path}.fifo`]), symlinkSync(`${path}.fifo`, path)), /is (a FIFO|a symbolic link)[,;]/],
]

describe("an odd file in place of tasks.json", () => {
  for (const [what, make, message] of odd) {
    it(`fails tsk list, tsk list --json, tsk add and the TUI's load with an io error when tasks.json is ${what}`, () => {
      withList()
      renameSync(join(home, "tasks.json"), join(home, "kept.json"))
      make(join(home, "tasks.json"))
      const listed = run(["list"])
      expect(listed.signal).toBeNull()
      expect(listed.code).toBe(1)
      expect(listed.stderr).toMatch(message)
      expect(listed.stderr).toMatch(/tasks\.json/)
      const json = run(["list", "--json"])
      expect(json.signal).toBeNull()
      expect(json.code).toBe(1)
      expect(JSON.parse(json.stdout).error).toMatchObject({ kind: "io", file: join(home, "tasks.json") })
      const added = run(["add", "third"])
      expect(added.signal).toBeNull()
      expect(added.code).toBe(1)
      const loaded = storeLoad()
      expect(loaded.signal).toBeNull()
      expect(JSON.parse(loaded.out)).toMatchObject({ kind: "io", message: expect.stringMatching(message) })
    })
  }

  it("refuses a symbolic link to a regular tasks.json instead of reading through it", () => {
    withList()
    renameSync(join(home, "tasks.json"), join(home, "kept.json"))
    symlinkSync(join(home, "kept.json"), join(home, "tasks.json"))
    const listed = run(["list", "--json"])
    expect(listed.code).toBe(1)
    expect(JSON.parse(listed.stdout).error).toMatchObject({ kind: "io", message: expect.stringMatching(/tasks\.json is a symbolic link, not a regular file.*doctor --repair/) })
  })

  it("lists again after tsk doctor --repair sets the FIFO aside", () => {
    withList()
    expect(runTsk(home, ["doctor", "--repair"]).code).toBe(0)
    rmSync(join(home, "tasks.json"))
    execFileSync("mkfifo", [join(home, "tasks.json")])
    expect(run(["list"]).code).toBe(1)
    expect(run(["doctor", "--repair"]).code).toBe(0)
    const listed = run(["list"])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain("second")
  })
})

describe("an odd file in place of tasks.journal", () => {
  for (const [what, make, message] of odd) {
    it(`fails tsk list, tsk add and the TUI's load with an io error when tasks.journal is ${what}`, () => {
      withList()
      rmSync(join(home, "tasks.journal"), { force: true })
      make(join(home, "tasks.journal"))
      for (const args of [["list"], ["add", "third"]]) {
        const result = run(args)
        expect(result.signal).toBeNull()
        expect(result.code).toBe(1)
        expect(result.stderr).toMatch(/tasks\.journal/)
      }
      const loaded = storeLoad()
      expect(loaded.signal).toBeNull()
      expect(JSON.parse(loaded.out)).toMatchObject({ kind: "io", message: expect.stringMatching(message) })
    })
  }

  it("refuses a symbolic link to a regular journal instead of reading through it", () => {
    withList()
    expect(runTsk(home, ["add", "in the journal"]).code).toBe(0)
    renameSync(join(home, "tasks.journal"), join(home, "kept.journal"))
    symlinkSync(join(home, "kept.journal"), join(home, "tasks.journal"))
    const listed = run(["list", "--json"])
    expect(listed.code).toBe(1)
    expect(JSON.parse(listed.stdout).error).toMatchObject({ kind: "io", message: expect.stringMatching(/tasks\.journal is a symbolic link/) })
  })
})
