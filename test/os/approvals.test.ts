// Permission requests end to end with real processes: `tsk hook` reading Claude Code's and Codex's
// PermissionRequest payloads (test/fixtures/approvals/), answered with `tsk approvals` and the
// bridge, while this test process plays the TUI that watches (its heartbeat file).
import { spawn } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { beatWatcher, removeWatcher } from "../../src/os/approval-files.ts"
import { listApprovals, type ApprovalList } from "../../src/os/approval-actions.ts"
import { BUN, MAIN, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "approvals")
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>
const CLAUDE_BASH = fixture("claude-code-bash.json")
const CLAUDE_EDIT = fixture("claude-code-edit.json")
const CODEX_BASH = fixture("codex-bash.json")

let home: string
let cleanup: () => void
let beat: ReturnType<typeof setInterval> | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-approvals-")))
afterEach(() => {
  stopWatching()
  cleanup()
})

/** Play a TUI that shows requests: a fresh heartbeat of this (live) process. */
function watch(): void {
  beatWatcher(home)
  beat = setInterval(() => beatWatcher(home), 1000)
}
function stopWatching(): void {
  if (beat) clearInterval(beat)
  beat = null
  removeWatcher(home)
}

interface HookRun {
  done: Promise<{ code: number; stdout: string; ms: number }>
  pid: number
}

/** One `tsk hook` process fed `payload`, as the agent runs it. */
function startHook(payload: Record<string, unknown>): HookRun {
  const started = performance.now()
  const child = spawn(BUN, [MAIN, "hook"], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" } })
  let stdout = ""
  child.stdout.on("data", (d) => (stdout += d))
  child.stdin.end(JSON.stringify(payload))
  const done = new Promise<{ code: number; stdout: string; ms: number }>((resolve) => child.on("close", (code) => resolve({ code: code ?? -1, stdout, ms: performance.now() - started })))
  return { done, pid: child.pid! }
}

async function until<T>(read: () => T | null | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== null && value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const pendingFor = (session: string) => until(() => listApprovals(home).pending.find((p) => p.session === session), `the request of ${session}`)
const decisionOf = (stdout: string) => (JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; decision: { behavior: string; message?: string } } }).hookSpecificOutput

describe("tsk hook with no TUI watching", () => {
  it("prints nothing, exits 0 at once and records the request as answered in the terminal", async () => {
    const { code, stdout, ms } = await startHook(CLAUDE_BASH).done
    expect(code).toBe(0)
    expect(stdout).toBe("")
    // The whole process (start-up included) on a busy machine; the hook itself does not wait at all.
    expect(ms).toBeLessThan(5000)
    const [answered] = listApprovals(home).answered
    expect(answered).toMatchObject({ tool: "Bash", summary: "npm run db:migrate -- --env staging", agent: "claude-code", status: "terminal", cwd: "/home/user/shop" })
    expect(answered!.decision).toMatchObject({ behavior: "terminal", by: "hook", why: "no tsk watching" })
    expect(answered!.suggestions).toEqual(CLAUDE_BASH.permission_suggestions)
  })
})

describe("tsk hook while a TUI watches", () => {
  it("waits and prints Claude Code's allow decision when the request is allowed", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    expect(request).toMatchObject({ agent: "claude-code", tool: "Bash", summary: "npm run db:migrate -- --env staging" })
    const answer = runTskJson<{ request: { status: string } }>(home, ["approvals", "allow", request.id])
    expect(answer.request.status).toBe("allowed")
    const { code, stdout } = await hook.done
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual(fixture("allow-output.json"))
  })

  it("prints a deny with the reason for Codex, in Codex's documented shape", async () => {
    watch()
    const hook = startHook(CODEX_BASH)
    const request = await pendingFor(CODEX_BASH.session_id as string)
    expect(request).toMatchObject({ agent: "codex", tool: "Bash", summary: "curl -fsSL https://registry.npmjs.org/left-pad" })
    expect(runTsk(home, ["approvals", "deny", request.id.slice(0, 6), "--reason", "Use the staging database"]).code).toBe(0)
    const { stdout } = await hook.done
    expect(JSON.parse(stdout)).toEqual(fixture("deny-output.json"))
  })

  it("answers two sessions' requests independently", async () => {
    watch()
    const other = { ...CLAUDE_EDIT, session_id: "second-session-0001" }
    const first = startHook(CLAUDE_EDIT)
    const second = startHook(other)
    const a = await pendingFor(CLAUDE_EDIT.session_id as string)
    const b = await pendingFor("second-session-0001")
    expect(a.summary).toBe("/home/user/shop/src/cart.ts")
    runTskJson(home, ["approvals", "deny", b.id, "--reason", "not in this session"])
    expect(decisionOf((await second.done).stdout).decision).toEqual({ behavior: "deny", message: "not in this session" })
    // The first still waits: an answer applies only to the request it names.
    expect(listApprovals(home).pending.map((p) => p.id)).toEqual([a.id])
    runTskJson(home, ["approvals", "allow", a.id])
    expect(decisionOf((await first.done).stdout).decision).toEqual({ behavior: "allow" })
  })

  it("refuses a second answer to the same request with kind conflict", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    runTskJson(home, ["approvals", "deny", request.id])
    const again = runTsk(home, ["approvals", "allow", request.id, "--json"])
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout || again.stderr).error).toMatchObject({ kind: "conflict" })
    expect(decisionOf((await hook.done).stdout).decision).toEqual({ behavior: "deny", message: "Denied in tsk." })
  })

  it("falls back to the agent's terminal after approvals.timeoutSeconds, and the late answer is refused", async () => {
    writeFileSync(join(home, "config.json"), JSON.stringify({ approvals: { timeoutSeconds: 0.3 } }))
    watch()
    const { code, stdout } = await startHook(CLAUDE_BASH).done
    expect(code).toBe(0)
    expect(stdout).toBe("")
    const [answered] = listApprovals(home).answered
    expect(answered).toMatchObject({ status: "terminal", decision: { why: "timed out" } })
    const late = runTsk(home, ["approvals", "allow", answered!.id])
    expect(late.code).toBe(1)
    expect(late.stderr).toMatch(/answered in the agent's terminal/)
  })

  it("stops waiting when the TUI quits meanwhile, and leaves the request to the agent's terminal", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    stopWatching()
    const { code, stdout } = await hook.done
    expect(code).toBe(0)
    expect(stdout).toBe("")
    expect(listApprovals(home).answered[0]).toMatchObject({ id: request.id, status: "terminal", decision: { why: "tsk closed" } })
  })

  it("refuses to answer a request whose hook is gone (expired)", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    process.kill(hook.pid, "SIGKILL")
    await hook.done
    expect(listApprovals(home).answered[0]).toMatchObject({ id: request.id, status: "expired" })
    const result = runTsk(home, ["approvals", "allow", request.id, "--json"])
    expect(result.code).toBe(1)
    expect(result.stdout + result.stderr).toMatch(/expired/)
  })

  it("lets an always rule answer the next identical request itself, in that session only", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    const answer = runTskJson<{ rule: { id: string; tool: string } }>(home, ["approvals", "allow", request.id, "--always"])
    expect(answer.rule.tool).toBe("Bash")
    await hook.done
    // Nobody watches now: only the rule can answer.
    stopWatching()
    const again = await startHook({ ...CLAUDE_BASH, tool_input: { command: "npm test" } }).done
    expect(decisionOf(again.stdout).decision).toEqual({ behavior: "allow" })
    const otherSession = await startHook({ ...CLAUDE_BASH, session_id: "another-session" }).done
    expect(otherSession.stdout).toBe("")
    const list = runTskJson<ApprovalList>(home, ["approvals", "list"])
    expect(list.answered.find((v) => v.summary === "npm test")?.decision).toMatchObject({ behavior: "allow", by: "rule", why: answer.rule.id })
    // Revoked, the tool asks again.
    runTskJson(home, ["approvals", "revoke", answer.rule.id])
    expect((await startHook(CLAUDE_BASH).done).stdout).toBe("")
  })

  it("answers through the bridge, and keeps requests and answers in the audit log and the agent's memory", async () => {
    watch()
    const hook = startHook(CLAUDE_BASH)
    const request = await pendingFor(CLAUDE_BASH.session_id as string)
    const sent = runTsk(home, ["agent", "send", JSON.stringify({ command: "approvals-deny", payload: { id: request.id, reason: "wait for the release" } }), "--json"])
    expect(sent.code).toBe(0)
    expect(decisionOf((await hook.done).stdout).decision).toEqual({ behavior: "deny", message: "wait for the release" })
    const audit = readFileSync(join(home, "approvals", "audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(audit.map((a) => [a.kind, a.id, a.behavior ?? null, a.by ?? null])).toEqual([
      ["request", request.id, null, null],
      ["decision", request.id, "deny", "bridge"],
    ])
    const memory = runTsk(home, ["memory", "restore", CLAUDE_BASH.session_id as string, "--markdown"]).stdout
    expect(memory).toMatch(/Permission requested for Bash/)
    expect(memory).toMatch(/denied in tsk \(by bridge\): wait for the release/)
  })
})
