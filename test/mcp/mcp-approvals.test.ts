// A supervising agent answers a waiting permission request over MCP: the hook (a real process)
// prints the denial, and a second answer is refused with kind conflict.
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { beatWatcher, removeWatcher } from "../../src/os/approval-files.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"

const CODEX_BASH = readFileSync(join(import.meta.dirname, "..", "fixtures", "approvals", "codex-bash.json"), "utf8")

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null
let beat: ReturnType<typeof setInterval> | null = null
beforeEach(() => {
  temp = makeTempHome("tsk-mcp-approvals-")
})
afterEach(async () => {
  if (beat) clearInterval(beat)
  removeWatcher(temp.home)
  await session?.close()
  session = null
  temp.cleanup()
})

describe("approvals over MCP", () => {
  it("lists a waiting request and denies it with a reason the hook prints", async () => {
    beatWatcher(temp.home)
    beat = setInterval(() => beatWatcher(temp.home), 1000)
    const hook = spawn(BUN, [MAIN, "hook"], { env: { ...process.env, TSK_HOME: temp.home } })
    let stdout = ""
    hook.stdout.on("data", (d) => (stdout += d))
    hook.stdin.end(CODEX_BASH)
    const closed = new Promise((resolve) => hook.on("close", resolve))
    session = await startMcp(temp.home, ["--tools", "standard"])
    let pending: Array<{ id: string; agent: string }> = []
    const deadline = Date.now() + 20_000
    while (pending.length === 0 && Date.now() < deadline) {
      pending = resultJson(await session.client.callTool({ name: "approvals_list", arguments: {} })).pending
      if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(pending).toEqual([expect.objectContaining({ agent: "codex" })])
    const denied = resultJson(await session.client.callTool({ name: "approvals_deny", arguments: { id: pending[0]!.id, reason: "no network in CI" } }))
    expect(denied.request).toMatchObject({ status: "denied", decision: { by: "mcp", message: "no network in CI" } })
    await closed
    expect(JSON.parse(stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "no network in CI" } } })
    const again = await session.client.callTool({ name: "approvals_allow", arguments: { id: pending[0]!.id } })
    expect(again.isError).toBe(true)
    expect(resultJson(again).error.kind).toBe("conflict")
  }, 60_000)
})
