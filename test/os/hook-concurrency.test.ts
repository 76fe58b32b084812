// Hooks never lose a session row: sessions.json is written under the store's O_EXCL lock, which is
// only taken over from a dead or long-silent holder, never because a waiting hook grew impatient.
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readAgentSessions } from "../../src/os/sessions.ts"
import { tryLock, unlock } from "../../src/store/file-lock.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-hook-race-")))
afterEach(() => cleanup())

function hookProcess(event: Record<string, unknown>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(BUN, [MAIN, "hook"], { env: { ...process.env, TSK_HOME: home } })
    child.on("close", (code) => resolve(code ?? -1))
    child.stdin.end(JSON.stringify(event))
  })
}

describe("tsk hook under concurrency", () => {
  it("keeps 50 session rows when 50 hook processes start at once", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `session-${String(i).padStart(2, "0")}`)
    const codes = await Promise.all(ids.map((id) => hookProcess({ hook_event_name: "SessionStart", session_id: id, source: "startup" })))
    expect(codes).toEqual(Array(50).fill(0))
    expect(readAgentSessions(join(home, "os")).map((s) => s.id).sort()).toEqual(ids)
  }, 180_000)

  it("waits for a live holder of the sessions lock instead of writing over it", async () => {
    const path = join(home, "os", "sessions.json")
    const lock = tryLock(path)
    expect(lock).not.toBeNull()
    const hook = hookProcess({ hook_event_name: "SessionStart", session_id: "waiting", source: "startup" })
    // Hold the lock well past the old 500 ms patience, then write a row as the holder.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const held = { v: 1, sessions: { holder: { id: "holder", status: "idle", event: "SessionStart", cwd: null, transcript: null, tool: null, message: null, prompt: null, started: new Date().toISOString(), updated: new Date().toISOString() } } }
    writeFileSync(path, JSON.stringify(held))
    unlock(lock!)
    expect(await hook).toBe(0)
    expect(readAgentSessions(join(home, "os")).map((s) => s.id).sort()).toEqual(["holder", "waiting"])
  }, 60_000)
})
