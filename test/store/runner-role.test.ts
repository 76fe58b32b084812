import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn, spawnSync } from "node:child_process"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN } from "../helpers/run-tsk.ts"
import { acquireRunnerRole, readRunnerStatus, requestRunnerStop, type RunnerFile, type RunnerRole } from "../../src/store/runner-role.ts"
import { tryLock, unlock } from "../../src/store/file-lock.ts"

let home: string
let cleanup: () => void
const held: RunnerRole[] = []
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-runner-role-")))
afterEach(async () => {
  for (const role of held.splice(0)) await role.release()
  cleanup()
})

function acquire(options: { heartbeatMs?: number } = {}): RunnerRole | null {
  const role = acquireRunnerRole(home, { pollIntervalMs: 2000, ...options })
  if (role) held.push(role)
  return role
}

function writeHolder(fields: Partial<RunnerFile>): void {
  const now = new Date().toISOString()
  const file: RunnerFile = { version: 1, revision: 1, state: "running", mode: "runner", token: "someone-else", pid: process.pid, host: hostname(), started: now, heartbeat: now, pollIntervalMs: 2000, processed: 4, errors: 0, stopRequested: false, stoppedAt: null, ...fields }
  writeFileSync(join(home, "runner.json"), JSON.stringify(file))
}

const deadPid = () => spawnSync("true").pid!
const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  return condition()
}

describe("the runner role", () => {
  it("gives the role to one holder and names it in runner.json", () => {
    const role = acquire()
    expect(role).not.toBeNull()
    expect(acquire()).toBeNull()
    const status = readRunnerStatus(home)
    expect(status).toMatchObject({ running: true, live: true, stale: false, mode: "runner", pid: process.pid, host: hostname(), pollIntervalMs: 2000, processed: 0 })
    expect(JSON.parse(readFileSync(join(home, "runner.json"), "utf8")).token).toBe(role!.token)
  })

  it("lets exactly one of several processes racing for the role win", async () => {
    const candidates = Array.from({ length: 6 }, () =>
      new Promise<string>((resolve) => {
        const child = spawn(BUN, [join(import.meta.dirname, "..", "bridge", "fixtures", "role-candidate.ts"), home, "1500"])
        let out = ""
        child.stdout.on("data", (d) => (out += d))
        child.on("exit", () => resolve(out.trim()))
      }),
    )
    const results = await Promise.all(candidates)
    expect(results.filter((r) => r === "won")).toHaveLength(1)
    expect(results.filter((r) => r === "lost")).toHaveLength(5)
  })

  it("takes over from a runner whose pid is gone", () => {
    writeHolder({ pid: deadPid() })
    expect(readRunnerStatus(home)).toMatchObject({ running: false, stale: true })
    expect(acquire()).not.toBeNull()
    expect(readRunnerStatus(home).pid).toBe(process.pid)
  })

  it("takes over from a runner whose heartbeat is older than five seconds although its pid lives", () => {
    const sleeper = spawn("sleep", ["30"])
    try {
      writeHolder({ pid: sleeper.pid!, heartbeat: new Date(Date.now() - 6000).toISOString() })
      expect(readRunnerStatus(home).stale).toBe(true)
      expect(acquire()).not.toBeNull()
    } finally {
      sleeper.kill()
    }
  })

  it("leaves the role to a live runner with a fresh heartbeat on another host, and takes it once that goes stale", () => {
    writeHolder({ host: "elsewhere.example", pid: 1 })
    expect(acquire()).toBeNull()
    expect(readRunnerStatus(home)).toMatchObject({ running: true, host: "elsewhere.example", processed: 4 })
    writeHolder({ host: "elsewhere.example", pid: 1, heartbeat: new Date(Date.now() - 10_000).toISOString() })
    expect(acquire()).not.toBeNull()
  })

  it("writes the heartbeat and counters every beat", async () => {
    const role = acquire({ heartbeatMs: 50 })!
    role.setCounters({ processed: 23, errors: 2 })
    expect(await until(() => readRunnerStatus(home).processed === 23)).toBe(true)
    expect(readRunnerStatus(home).errors).toBe(2)
  })

  it("tells a holder that was taken over at its next heartbeat, and it stops claiming the role", async () => {
    const role = acquire({ heartbeatMs: 50 })!
    const reasons: string[] = []
    role.onLost((reason) => reasons.push(reason))
    writeHolder({ token: "the-new-runner" })
    expect(await until(() => reasons.length > 0)).toBe(true)
    expect(reasons).toEqual(["taken-over"])
    expect(role.held()).toBe(false)
    expect(await role.confirm()).toBe(false)
  })

  it("keeps beating when another process holds runner.json's lock for a moment", async () => {
    const role = acquire({ heartbeatMs: 50 })!
    const reasons: string[] = []
    role.onLost((reason) => reasons.push(reason))
    const lock = tryLock(join(home, "runner.json"))!
    const revision = () => (JSON.parse(readFileSync(join(home, "runner.json"), "utf8")) as RunnerFile).revision
    const during = revision()
    await new Promise((r) => setTimeout(r, 300))
    expect(revision()).toBe(during)
    unlock(lock)
    expect(await until(() => revision() > during + 1)).toBe(true)
    expect(reasons).toEqual([])
    expect(role.held()).toBe(true)
  })

  it("checks a runner.json another process rewrote, even with its own token: one that does not validate ends the role", async () => {
    const role = acquire({ heartbeatMs: 50 })!
    const reasons: string[] = []
    role.onLost((reason) => reasons.push(reason))
    expect(await until(() => readRunnerStatus(home).heartbeat !== null)).toBe(true)
    const file = JSON.parse(readFileSync(join(home, "runner.json"), "utf8")) as RunnerFile
    writeFileSync(join(home, "runner.json"), JSON.stringify({ ...file, processed: "many" }, null, 2) + "\n")
    expect(await until(() => reasons.length > 0)).toBe(true)
    expect(reasons).toEqual(["taken-over"])
  })

  it("passes a stop request from another process to the holder", async () => {
    const role = acquire({ heartbeatMs: 50 })!
    const reasons: string[] = []
    role.onLost((reason) => reasons.push(reason))
    const before = await requestRunnerStop(home)
    expect(before.running).toBe(true)
    expect(await until(() => reasons.length > 0)).toBe(true)
    expect(reasons).toEqual(["stop-requested"])
  })

  it("marks the runner stopped when it lets the role go", async () => {
    const role = acquire()!
    await role.release()
    expect(readRunnerStatus(home)).toMatchObject({ running: false, live: false, stale: false })
    expect(JSON.parse(readFileSync(join(home, "runner.json"), "utf8"))).toMatchObject({ state: "stopped", stoppedAt: expect.any(String) })
    expect(acquire()).not.toBeNull()
  })

  it("reports no runner when runner.json is missing or unreadable", () => {
    expect(readRunnerStatus(home).running).toBe(false)
    writeFileSync(join(home, "runner.json"), "{ nope")
    expect(readRunnerStatus(home)).toMatchObject({ running: false, live: false, pid: null })
  })

  it("moves an unreadable runner.json aside instead of writing over it", () => {
    writeFileSync(join(home, "runner.json"), "{ nope")
    expect(acquire()).not.toBeNull()
    const aside = readdirSync(home).filter((n) => n.startsWith("runner.json.corrupt-"))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(home, aside[0]!), "utf8")).toBe("{ nope")
  })
})
