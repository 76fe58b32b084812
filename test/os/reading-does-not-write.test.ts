// Reading does not write: `status`, `check` without --repair and a runner's start-up leave
// state.json as it is when nothing changes (they write only the log), so an agent that writes at the
// same moment is never blocked with BLK_CON by a reader. And configuration applies per command.
import { spawn } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { createOsEngine } from "../../src/os/engine.ts"
import { BUN } from "../helpers/run-tsk.ts"
import { makeOsFixture, readAllLogLines, readJson, readState, walkToValidate, type OsFixture } from "./os-helpers.ts"

const FIXTURES = join(import.meta.dirname, "fixtures")
let fx: OsFixture
afterEach(() => fx.cleanup())

function run(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUN, [join(FIXTURES, script), ...args], { stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (err += d))
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}: ${err}`))))
  })
}

describe("reading does not write state.json", () => {
  it("leaves state.json byte for byte after status, check and a runner's start-up", async () => {
    fx = makeOsFixture()
    await walkToValidate(fx)
    const before = readFileSync(join(fx.root, "state.json"), "utf8")
    await fx.engine.status()
    expect((await fx.engine.check()).ok).toBe(true)
    expect((await fx.engineWith().start()).wroteState).toBe(false)
    expect(readFileSync(join(fx.root, "state.json"), "utf8")).toBe(before)
    expect(readAllLogLines(fx).map((line) => line.msg).slice(-2)).toEqual(["check: consistent (1 plans, 1 artifacts, 0 issues)", "session start"])
  })

  it("never blocks an agent that writes while another process reads, checks and starts up", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const ready = join(fx.home, "ready")
    const stop = join(fx.home, "stop")
    const reader = run("reader-worker.ts", [fx.root, stop])
    const writer = run("writer-worker.ts", [fx.root, "10", ready])
    writeFileSync(ready, "")
    const outcomes = JSON.parse(await writer) as Array<{ ok: boolean; state?: string }>
    writeFileSync(stop, "")
    const { reads } = JSON.parse(await reader) as { reads: number }
    expect(reads).toBeGreaterThan(0)
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => ({ ok: true })))
    expect(readState(fx).st).toBe("READY")
    expect(readJson<{ issues: unknown[] }>(fx, "known_issues.json").issues).toHaveLength(10)
    // Ids stay unique and consecutive though readers and the writer both appended.
    const ids = readAllLogLines(fx).map((line) => line.id)
    expect(ids).toEqual(ids.map((_, index) => index + 1))
  })
})

describe("configuration", () => {
  it("gives a fresh state the documented log rollover of 1000 lines", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    expect(readState(fx).max).toBe(1000)
  })

  it("applies a changed os.logMax and os.maxRetries to the next command of a long-lived engine", async () => {
    fx = makeOsFixture()
    const engine = createOsEngine({ root: fx.root, home: fx.home, cwd: fx.workspace })
    await engine.analyze({ goal: "g" })
    expect(readState(fx).max).toBe(1000)
    writeFileSync(join(fx.home, "config.json"), JSON.stringify({ os: { logMax: 2, maxRetries: 5 } }))
    await engine.plan({ dom: "d", goal: "g", tasks: [{ title: "t" }] })
    expect(readState(fx).max).toBe(2)
    expect(readJson<{ max: number }>(fx, "plans/d/p1.json").max).toBe(5)
    await engine.next()
    expect(readAllLogLines(fx)).toHaveLength(3)
    expect(readState(fx)).toMatchObject({ ln: 1 })
  })
})
