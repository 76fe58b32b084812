// The Claude Code session rules, fed payloads shaped like the ones Claude Code sends (common fields
// session_id, transcript_path, cwd, permission_mode, hook_event_name; Notification's message and
// notification_type; SessionStart's source; SessionEnd's reason).
import { spawn, spawnSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runHook } from "../../src/cli/hook-command.ts"
import { foldSessions, readAgentSessions } from "../../src/os/session-fold.ts"
import { applyLiveness } from "../../src/os/session-liveness.ts"
import { applyHookEvent, type AgentSession, type SessionsFile } from "../../src/os/sessions.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-hook-")))
afterEach(() => cleanup())

const T0 = new Date("2026-05-01T10:00:00.000Z")
const common = (extra: Record<string, unknown>) => ({
  session_id: "9b2e6f1c-3a4d-4e8b-a1c2-d3e4f5a6b7c8",
  transcript_path: "/home/dev/.claude/projects/-home-dev-app/9b2e6f1c.jsonl",
  cwd: "/home/dev/app",
  permission_mode: "default",
  ...extra,
})
const notification = (type: string, message: string) => common({ hook_event_name: "Notification", notification_type: type, message })
const prompt = common({ hook_event_name: "UserPromptSubmit", prompt: "Add a CSV export" })

function statusAfter(events: Array<Record<string, unknown>>): AgentSession {
  let file: SessionsFile = { v: 0, sessions: {} }
  let session: AgentSession | null = null
  events.forEach((event, index) => {
    const applied = applyHookEvent(file, event as never, new Date(T0.getTime() + index * 1000))
    file = applied.file
    session = applied.session
  })
  return session!
}

describe("a Notification's notification_type decides 'needs input'", () => {
  it.each([
    ["permission_prompt", "Claude needs your permission to use Bash"],
    ["idle_prompt", "Claude is waiting for your input"],
    ["elicitation_dialog", "The MCP server asks a question"],
  ])("%s needs input", (type, message) => {
    expect(statusAfter([prompt, notification(type, message)]).status).toBe("needs_input")
  })

  it("auth_success is informational: a working session stays working", () => {
    expect(statusAfter([prompt, notification("auth_success", "Authenticated")]).status).toBe("working")
  })

  it("an unknown informational type does not claim the person is needed", () => {
    expect(statusAfter([common({ hook_event_name: "Stop", stop_hook_active: false }), notification("elicitation_complete", "done")]).status).toBe("idle")
  })

  it("records where the status came from: the event with its type and the time", () => {
    const session = statusAfter([prompt, notification("permission_prompt", "Claude needs your permission to use Edit"), common({ hook_event_name: "Stop", stop_hook_active: false })])
    expect(session).toMatchObject({ status: "needs_input", since: { event: "Notification (permission_prompt)", at: "2026-05-01T10:00:01.000Z" } })
  })

  it("a SessionEnd with its reason ends the session", () => {
    expect(statusAfter([prompt, common({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" })]).status).toBe("ended")
  })
})

describe("sessions whose process is gone or that went silent", () => {
  const working = (extra: Partial<AgentSession> = {}): AgentSession => ({
    id: "s1",
    status: "working",
    event: "PreToolUse",
    cwd: null,
    transcript: null,
    tool: "Bash",
    message: null,
    prompt: null,
    started: T0.toISOString(),
    updated: T0.toISOString(),
    pid: 4242,
    host: hostname(),
    ...extra,
  })
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

  it("shows a session whose Claude Code process is gone as ended, saying why", () => {
    expect(applyLiveness(working(), { now: at(1), isAlive: () => false })).toMatchObject({ status: "ended", shownBecause: "process 4242 is gone" })
  })

  it("shows a working session silent past the configured time as stale", () => {
    expect(applyLiveness(working(), { now: at(10), staleMs: 5 * 60_000, isAlive: () => true })).toMatchObject({ status: "stale", shownBecause: "no hook event for 10 min (was working)" })
    expect(applyLiveness(working(), { now: at(4), staleMs: 5 * 60_000, isAlive: () => true }).status).toBe("working")
  })

  it("lets a live session wait for the person as long as it likes", () => {
    expect(applyLiveness(working({ status: "needs_input" }), { now: at(600), staleMs: 60_000, isAlive: () => true }).status).toBe("needs_input")
  })

  it("marks any silent session stale when its process is unknown", () => {
    expect(applyLiveness(working({ status: "idle", pid: null }), { now: at(31) }).status).toBe("stale")
  })

  it("takes the stale time from os.sessionStaleMinutes", async () => {
    writeFileSync(join(home, "config.json"), JSON.stringify({ os: { sessionStaleMinutes: 1 } }))
    await runHook(home, async () => JSON.stringify(common({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } })), () => new Date(Date.now() - 2 * 60_000))
    const { createOsEngine } = await import("../../src/os/engine.ts")
    const status = await createOsEngine({ root: join(home, "os"), home }).status()
    expect(status.sessions[0]).toMatchObject({ status: "stale" })
  })

  it("records the Claude Code process that ran the hook, and shows the session ended once it exits", async () => {
    // A stand-in for Claude Code: a process that runs `tsk hook` through a shell, as Claude Code does.
    const event = JSON.stringify(common({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }))
    const script = `const { spawnSync } = require("node:child_process"); spawnSync("sh", ["-c", ${JSON.stringify(`"${BUN}" "${MAIN}" hook`)}], { input: ${JSON.stringify(event)}, stdio: ["pipe", "inherit", "inherit"] }); console.log(process.pid)`
    const parent = spawnSync(BUN, ["-e", script], { env: { ...process.env, TSK_HOME: home }, encoding: "utf8" })
    const parentPid = Number(parent.stdout.trim())
    const recorded = foldSessions(join(home, "os")).file.sessions[common({}).session_id]!
    if (process.platform === "linux") expect(recorded.pid).toBe(parentPid)
    expect(readAgentSessions(join(home, "os"))[0]).toMatchObject({ status: process.platform === "linux" ? "ended" : "working" })
  })
})

describe("reading a hook event from stdin", () => {
  it("records an event whose stdin is never closed, as soon as the whole JSON value arrived", async () => {
    const child = spawn(BUN, [MAIN, "hook"], { env: { ...process.env, TSK_HOME: home }, stdio: ["pipe", "pipe", "pipe"] })
    child.stdin.write(JSON.stringify(notification("permission_prompt", "Claude needs your permission to use Bash")).slice(0, 40))
    await new Promise((resolve) => setTimeout(resolve, 100))
    child.stdin.write(JSON.stringify(notification("permission_prompt", "Claude needs your permission to use Bash")).slice(40))
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
    // Recorded from the complete value with stdin still open (before, it waited for an end that never came).
    expect(code).toBe(0)
    child.stdin.destroy()
    const session = readAgentSessions(join(home, "os"))[0]
    expect(session).toMatchObject({ status: "needs_input", message: "Claude needs your permission to use Bash" })
  })
})
