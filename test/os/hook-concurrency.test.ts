// Hooks never lose a session row: each appends its line to session_log.jsonl (one O_APPEND write),
// and the rows are folded from the log; a compaction (the snapshot in sessions.json, a rotation of
// the log) runs under the sessions lock, which no hook waits for.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { compactSessions, foldSessions, readAgentSessions } from "../../src/os/session-fold.ts"
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

  it("records a row at once while a compaction holds the sessions lock", async () => {
    const lock = tryLock(join(home, "os", "sessions.json"))
    expect(lock).not.toBeNull()
    try {
      expect(await hookProcess({ hook_event_name: "SessionStart", session_id: "not-waiting", source: "startup" })).toBe(0)
      expect(foldSessions(join(home, "os")).file.sessions["not-waiting"]).toMatchObject({ status: "idle" })
    } finally {
      unlock(lock!)
    }
  }, 60_000)

  it("keeps 50 session rows while compactions rotate the log under the hooks", async () => {
    const root = join(home, "os")
    const ids = Array.from({ length: 50 }, (_, i) => `rotated-${String(i).padStart(2, "0")}`)
    let running = true
    let compactions = 0
    const compacting = (async () => {
      while (running) {
        // A rotation after every few hundred bytes: the hooks append across many log files.
        if (compactSessions(root, 600)) compactions++
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    })()
    const codes = await Promise.all(ids.map((id) => hookProcess({ hook_event_name: "UserPromptSubmit", session_id: id, prompt: "go" })))
    running = false
    await compacting
    expect(codes).toEqual(Array(50).fill(0))
    expect(compactions).toBeGreaterThan(0)
    expect(readAgentSessions(root).map((s) => [s.id, s.status]).sort()).toEqual(ids.map((id) => [id, "working"]))
  }, 180_000)
})
