import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { hookSettings, hookSettingsSnippet, runHook } from "../../src/cli/hook-command.ts"
import { readAgentSessions } from "../../src/os/session-fold.ts"
import { measureHookLatency } from "../../src/os/hook-latency.ts"
import { applyHookEvent, nextSessionStatus, type HookEvent, type SessionStatus } from "../../src/os/sessions.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN } from "../helpers/run-tsk.ts"

const HOOK = join(import.meta.dirname, "..", "..", "src", "cli", "hook-command.ts")

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-hook-")))
afterEach(() => cleanup())

const event = (name: string, extra: Partial<HookEvent> = {}): HookEvent => ({ hook_event_name: name, session_id: "s1", ...extra })
const send = (payload: unknown, now = new Date("2026-05-01T10:00:00.000Z")) =>
  runHook(home, async () => (typeof payload === "string" ? payload : JSON.stringify(payload)), () => now)

function statusAfter(names: string[]): SessionStatus | null {
  let status: SessionStatus | null = null
  for (const name of names) status = nextSessionStatus(status, event(name, name === "Notification" ? { notification_type: "permission_prompt" } : {}))
  return status
}

describe("session status from hook events", () => {
  it.each([
    [["SessionStart"], "idle"],
    [["SessionStart", "UserPromptSubmit"], "working"],
    [["UserPromptSubmit", "PreToolUse", "PostToolUse"], "working"],
    [["UserPromptSubmit", "Stop"], "idle"],
    [["UserPromptSubmit", "Notification"], "needs_input"],
    [["UserPromptSubmit", "Notification", "Stop"], "needs_input"],
    [["Stop", "Notification", "UserPromptSubmit"], "working"],
    [["PreToolUse", "Notification", "PreToolUse"], "working"],
    [["PreToolUse", "Notification", "PostToolUse"], "working"],
    [["UserPromptSubmit", "SessionEnd"], "ended"],
  ])("after %j the session is %s", (names, expected) => {
    expect(statusAfter(names as string[])).toBe(expected)
  })

  it("keeps the status through a compaction's SessionStart", () => {
    expect(nextSessionStatus("working", event("SessionStart", { source: "compact" }))).toBe("working")
  })

  it("keeps the notification's message and the tool until something replaces them", () => {
    let file = { v: 0, sessions: {} }
    for (const e of [event("PreToolUse", { tool_name: "Bash", cwd: "/w" }), event("Notification", { message: "Claude needs your permission to use Bash" })]) {
      file = applyHookEvent(file, e, new Date("2026-05-01T10:00:00.000Z")).file
    }
    expect(Object.values(file.sessions)[0]).toMatchObject({ status: "needs_input", tool: "Bash", cwd: "/w", message: "Claude needs your permission to use Bash" })
  })

  it("drops ended sessions after a day and keeps the rest", () => {
    let file = { v: 0, sessions: {} }
    file = applyHookEvent(file, { hook_event_name: "SessionEnd", session_id: "old" }, new Date("2026-05-01T10:00:00.000Z")).file
    file = applyHookEvent(file, { hook_event_name: "Stop", session_id: "idle" }, new Date("2026-05-01T10:00:00.000Z")).file
    file = applyHookEvent(file, event("UserPromptSubmit"), new Date("2026-05-02T11:00:00.000Z")).file
    expect(Object.keys(file.sessions).sort()).toEqual(["idle", "s1"])
  })
})

describe("tsk hook", () => {
  it("records a line per event in the session log, and folds the session rows from it", async () => {
    await send(event("UserPromptSubmit", { prompt: "Add a CSV export", cwd: "/work" }))
    await send({ ...event("Notification", { message: "needs permission" }), session_id: "s2" }, new Date("2026-05-01T10:00:01.000Z"))
    const sessions = readAgentSessions(join(home, "os"), { now: new Date("2026-05-01T10:00:02.000Z") })
    expect(sessions.map((s) => [s.id, s.status])).toEqual([
      ["s2", "needs_input"],
      ["s1", "working"],
    ])
    expect(sessions[1]).toMatchObject({ prompt: "Add a CSV export", cwd: "/work", started: "2026-05-01T10:00:00.000Z" })
    const log = readFileSync(join(home, "os", "session_log.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line))
    expect(log).toEqual([
      { at: "2026-05-01T10:00:00.000Z", session: "s1", event: "UserPromptSubmit", prompt: "Add a CSV export", cwd: "/work", pid: expect.anything(), host: expect.any(String) },
      { at: "2026-05-01T10:00:01.000Z", session: "s2", event: "Notification", msg: "needs permission", pid: expect.anything(), host: expect.any(String) },
    ])
  })

  it("logs bad input to hook-errors.log and never throws", async () => {
    expect(await send("{ not json")).toBeNull()
    expect(await send({ hook_event_name: "Stop" })).toBeNull()
    expect(await send("")).toBeNull()
    const errors = readFileSync(join(home, "os", "hook-errors.log"), "utf8").trim().split("\n")
    expect(errors).toHaveLength(3)
    expect(errors[1]).toMatch(/hook input has no session_id/)
    expect(errors[2]).toMatch(/no hook event on stdin/)
    expect(existsSync(join(home, "os", "session_log.jsonl"))).toBe(false)
  })

  it("prints nothing and exits 0 as a process, for good and bad input", () => {
    for (const input of [JSON.stringify(event("Stop")), "garbage"]) {
      const result = spawnSync(BUN, [HOOK], { input, env: { ...process.env, TSK_HOME: home }, encoding: "utf8" })
      expect(result.status).toBe(0)
      expect(result.stdout).toBe("")
    }
    expect(readAgentSessions(join(home, "os"))[0]).toMatchObject({ id: "s1", status: "idle" })
  })

  it("records the event in the session's memory without waiting for the memory's append lock", async () => {
    // Another process in the middle of an append (its lock is fresh, so never taken over).
    mkdirSync(join(home, "memory", "agents", "s1", "append.lock"), { recursive: true })
    expect(await send(event("UserPromptSubmit", { prompt: "Add a CSV export" }))).not.toBeNull()
    const lines = readFileSync(join(home, "memory", "agents", "s1", "messages.jsonl"), "utf8").trim().split("\n")
    expect(lines.map((line) => JSON.parse(line).message)).toEqual([{ role: "user", content: "Add a CSV export" }])
    expect(existsSync(join(home, "os", "hook-errors.log"))).toBe(false)
  })

  it("loses no session when many hooks run at once", async () => {
    const runs = Array.from({ length: 8 }, (_, i) =>
      new Promise<number>((resolve) => {
        const child = spawn(BUN, [HOOK], { env: { ...process.env, TSK_HOME: home } })
        child.on("close", (code) => resolve(code ?? -1))
        child.stdin.end(JSON.stringify({ hook_event_name: "PreToolUse", session_id: `p${i}`, tool_name: "Read" }))
      }),
    )
    expect(await Promise.all(runs)).toEqual(Array(8).fill(0))
    expect(readAgentSessions(join(home, "os")).map((s) => s.id).sort()).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"])
  })

  it("measures its own latency for the benchmark", () => {
    const report = measureHookLatency({ home, runs: 3, entry: "direct" })
    expect(report).toMatchObject({ runs: 3, command: "bun src/cli/hook-command.ts" })
    expect(report.samplesMs).toHaveLength(3)
    // Each beside a bare Bun start, the floor of its ratio.
    expect(report.floorMedianMs).toBeGreaterThan(0)
    expect(report.ratio).toBeGreaterThan(0)
    expect(report.cpuRatio).toBeGreaterThan(0)
    expect(readAgentSessions(join(home, "os"))[0]).toMatchObject({ id: "bench-session", event: "PreToolUse", status: "working" })
  })

  it("measures the hook as installed hooks run it, through the launcher", () => {
    const report = measureHookLatency({ home, runs: 2, entry: "launcher" })
    expect(report).toMatchObject({ runs: 2, command: "bin/tsk hook" })
    expect(report.ratio).toBeGreaterThan(0)
    expect(readAgentSessions(join(home, "os"))[0]).toMatchObject({ id: "bench-session", event: "UserPromptSubmit" })
  })
})

describe("hook settings snippet", () => {
  it("installs tsk hook for every event, with a matcher on the tool events", () => {
    const settings = JSON.parse(hookSettingsSnippet()) as ReturnType<typeof hookSettings>
    expect(Object.keys(settings.hooks)).toEqual(["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Notification", "Stop", "SessionEnd"])
    expect(settings.hooks.PreToolUse).toEqual([{ matcher: "*", hooks: [{ type: "command", command: "tsk hook", timeout: 5 }] }])
    // A permission request may wait for a person up to approvals.timeoutSeconds (at most 55): the agent waits longer.
    expect(settings.hooks.PermissionRequest).toEqual([{ matcher: "*", hooks: [{ type: "command", command: "tsk hook", timeout: 60 }] }])
    expect(settings.hooks.Stop).toEqual([{ hooks: [{ type: "command", command: "tsk hook", timeout: 5 }] }])
  })

  it("uses the command it is given", () => {
    expect(hookSettings("npx tsk hook").hooks.Notification![0]!.hooks[0]!.command).toBe("npx tsk hook")
  })
})
