// Permission requests answered in the real TUI: a real `tsk hook` process waits on a Claude Code
// PermissionRequest while the TUI runs in tmux; y, n (with a typed reason) and a answer it, and the
// hook prints the agent's decision. The latencies (request on screen, key to decision printed) are
// printed for the report; the assertions are about what is printed, with generous time limits.
import { spawn } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { atPrompt, BUN, MAIN, openSession, PROJECT_ROOT, startTsk, type TmuxSession } from "./tmux-session.ts"

const FIXTURES = join(PROJECT_ROOT, "test", "fixtures", "approvals")
const CLAUDE_BASH = JSON.parse(readFileSync(join(FIXTURES, "claude-code-bash.json"), "utf8")) as Record<string, unknown>

let session: TmuxSession
afterEach(() => session.close())

interface Hook {
  /** When the first byte of the hook's answer arrived (performance.now()), or null. */
  printedAt(): number | null
  done: Promise<{ code: number; stdout: string }>
}

function startHook(home: string, payload: Record<string, unknown>): Hook {
  const child = spawn(BUN, [MAIN, "hook"], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" } })
  let stdout = ""
  let printed: number | null = null
  child.stdout.on("data", (d) => {
    printed ??= performance.now()
    stdout += d
  })
  child.stdin.end(JSON.stringify(payload))
  return { printedAt: () => printed, done: new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? -1, stdout }))) }
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now()
}

const requestFiles = (home: string) => (existsSync(join(home, "approvals", "requests")) ? readdirSync(join(home, "approvals", "requests")).filter((n) => n.endsWith(".json")).length : 0)
const decision = (stdout: string) => (JSON.parse(stdout) as { hookSpecificOutput: { decision: unknown } }).hookSpecificOutput.decision

describe("permission requests in the TUI", () => {
  it("y allows, n denies with the typed reason, a makes a rule that answers the next request itself", async () => {
    session = openSession({ width: 120, height: 32 })
    await startTsk(session)
    // The TUI says it watches (its heartbeat) once its feeds are open: from then on hooks wait for it.
    await until(() => existsSync(join(session.home, "approvals", "watchers")) && readdirSync(join(session.home, "approvals", "watchers")).length > 0, "the TUI's heartbeat")

    // y: allow once.
    const first = startHook(session.home, CLAUDE_BASH)
    const written = await until(() => requestFiles(session.home) === 1, "the request file")
    await session.waitFor((s) => s.includes("⚑ 1 to approve") && s.includes("npm run db:migrate"), "the request in the header and the strip")
    const shownMs = performance.now() - written
    const pressed = performance.now()
    session.keys("y")
    const { code, stdout } = await first.done
    const keyToPrintMs = first.printedAt()! - pressed
    expect(code).toBe(0)
    expect(decision(stdout)).toEqual({ behavior: "allow" })
    expect(keyToPrintMs).toBeLessThan(5000)
    await session.waitFor((s) => !s.includes("to approve"), "the header count gone")

    // n: deny, with a reason typed for the agent.
    const second = startHook(session.home, { ...CLAUDE_BASH, tool_input: { command: "git push --force" } })
    await session.waitFor((s) => s.includes("git push --force") && s.includes("⚑ 1 to approve"), "the second request")
    session.keys("n")
    await session.waitFor((s) => s.includes("Reason"), "the reason prompt")
    session.type("Push to a branch and open a PR")
    const denyPressed = performance.now()
    session.keys("Enter")
    const denied = await second.done
    const denyMs = second.printedAt()! - denyPressed
    expect(decision(denied.stdout)).toEqual({ behavior: "deny", message: "Push to a branch and open a PR" })

    // a: allow, and Bash for the rest of this session; the next Bash request is answered without asking.
    const third = startHook(session.home, { ...CLAUDE_BASH, tool_input: { command: "npm test" } })
    await session.waitFor((s) => s.includes("npm test") && s.includes("⚑ 1 to approve"), "the third request")
    session.keys("a")
    expect(decision((await third.done).stdout)).toEqual({ behavior: "allow" })
    const fourth = await startHook(session.home, { ...CLAUDE_BASH, tool_input: { command: "npm run lint" } }).done
    expect(decision(fourth.stdout)).toEqual({ behavior: "allow" })

    // The Monitor's approvals pane lists the rule and how each request was answered.
    session.keys("4")
    const monitor = await session.waitFor((s) => s.includes("Approvals") && s.includes("allow Bash in session"), "the approvals pane with the rule")
    expect(monitor).toMatch(/denied\s+Bash: git push --force/)
    console.log(`approvals e2e: request on screen ${shownMs.toFixed(0)} ms after its file was written (screen polled every 50 ms); y → allow printed ${keyToPrintMs.toFixed(0)} ms; Enter → deny printed ${denyMs.toFixed(0)} ms`)
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt after quitting")
  })
})
