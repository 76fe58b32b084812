import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { memoryKey } from "../../src/memory/memory-key.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { sessionMessages, sha256 } from "./memory-helpers.ts"

let temp: { home: string; cleanup: () => void }
beforeEach(() => (temp = makeTempHome()))
afterEach(() => temp.cleanup())

async function seed(agent = "claude-code", steps = 3) {
  const manager = createMemoryManager(temp.home)
  for (let n = 0; n < steps; n++) await manager.append(agent, sessionMessages(n))
  await manager.remember(agent, "repo", "tsk")
  return manager
}

describe("tsk memory", () => {
  it("lists agents with epoch, messages, last activity and snapshot age", async () => {
    await seed()
    const agents = runTskJson<Array<Record<string, unknown>>>(temp.home, ["memory", "list"])
    expect(agents).toEqual([{ agent_id: "claude-code", last_activity: expect.any(String), epoch_id: 0, messages: 18, snapshot_at: expect.any(String) }])
    expect(runTsk(temp.home, ["memory", "list"]).stdout).toMatch(/^claude-code {2}epoch 0, 18 messages, active \d+s ago, snapshot \d+s ago/)
  })

  it("restores with --json: the messages and whether the cache was used", async () => {
    await seed()
    const restored = runTskJson<Record<string, any>>(temp.home, ["memory", "restore", "claude-code"])
    expect(restored).toMatchObject({ source: "cache", cache_used: true, reason: null })
    expect(restored.messages).toHaveLength(2 + 18)
  })

  it("says why it rebuilt when the cache is invalid, and leaves the raw log alone", async () => {
    const manager = await seed()
    const logHash = sha256(manager.paths("claude-code").messages)
    writeFileSync(manager.paths("claude-code").snapshot, '{"schema_version": 1, "agent_id": "claude-code", "epo')
    const restored = runTskJson<Record<string, any>>(temp.home, ["memory", "restore", "claude-code"])
    expect(restored).toMatchObject({ source: "rebuild", cache_used: false, reason: "the cache is not valid JSON (truncated?)" })
    expect(sha256(manager.paths("claude-code").messages)).toBe(logHash)
  })

  it("restores bounded Markdown with --markdown --max-tokens", async () => {
    await seed("claude-code", 40)
    const result = runTsk(temp.home, ["memory", "restore", "claude-code", "--markdown", "--max-tokens", "400"])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("## Restored working context: claude-code")
    expect(result.stdout).toContain("- repo: tsk")
    expect(result.stdout).toContain("Done with step 39")
    expect(result.stdout.length / 4).toBeLessThanOrEqual(400)
  })

  it("compacts into an epoch, and rebuild then gives the cache back byte for byte", async () => {
    const manager = await seed()
    const compacted = runTskJson<Record<string, any>>(temp.home, ["memory", "compact", "claude-code"])
    expect(compacted).toMatchObject({ compacted: true, epoch: { epoch_id: 1, messages: 18 } })
    const cache = readFileSync(manager.paths("claude-code").snapshot, "utf8")
    const rebuilt = runTskJson<Record<string, any>>(temp.home, ["memory", "rebuild", "claude-code"])
    expect(rebuilt).toMatchObject({ epoch_id: 1, unchanged: true })
    expect(readFileSync(manager.paths("claude-code").snapshot, "utf8")).toBe(cache)
    expect(runTsk(temp.home, ["memory", "show", "claude-code"]).stdout).toContain("Epoch 1 (18 messages")
  })

  it("shows facts and whether the snapshot can be trusted", async () => {
    const manager = await seed()
    writeFileSync(manager.paths("claude-code").snapshot, "\u0000\u0000")
    const shown = runTskJson<Record<string, any>>(temp.home, ["memory", "show", "claude-code"])
    expect(shown.facts).toEqual({ repo: "tsk" })
    expect(shown.snapshot).toEqual({ valid: false, reason: "the cache contains NUL bytes" })
  })

  it("forgets an agent", async () => {
    const manager = await seed()
    expect(runTskJson(temp.home, ["memory", "forget", "claude-code"])).toEqual({ agent_id: "claude-code", forgotten: true })
    expect(existsSync(manager.paths("claude-code").dir)).toBe(false)
  })

  it("answers not found (exit 2) for an unknown agent and invalid (exit 4) for a bad id, as JSON under --json", () => {
    const missing = runTsk(temp.home, ["memory", "restore", "ghost", "--json"])
    expect(missing.code).toBe(2)
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { kind: "not_found" } })
    expect(runTsk(temp.home, ["memory", "show", "a/b"]).code).toBe(4)
  })
})

describe("Claude Code hooks and memory", () => {
  const event = (e: Record<string, unknown>) => JSON.stringify({ session_id: "sess-1", cwd: "/tmp", ...e })

  it("records prompts, tool use and stops in the memory of the agent in the event's folder, and restores it at SessionStart", () => {
    runTsk(temp.home, ["hook"], {}, event({ hook_event_name: "UserPromptSubmit", prompt: "Fix the flaky test" }))
    runTsk(temp.home, ["hook"], {}, event({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_use_id: "t1", tool_input: { command: "npm test" } }))
    runTsk(temp.home, ["hook"], {}, event({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_use_id: "t1", tool_input: {}, tool_response: { stdout: "1 failed" } }))
    runTsk(temp.home, ["hook"], {}, event({ hook_event_name: "Stop" }))
    const restored = runTskJson<Record<string, any>>(temp.home, ["memory", "restore", memoryKey("claude-code", "/tmp")])
    expect(restored.messages.slice(1).map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool", "system"])
    expect(restored.messages[2].tool_calls[0]).toEqual({ id: "t1", name: "Bash", arguments: { command: "npm test" } })
    const start = runTsk(temp.home, ["memory", "restore", "--session-start"], {}, event({ hook_event_name: "SessionStart", source: "compact" }))
    expect(start.code).toBe(0)
    expect(start.stdout).toContain("Fix the flaky test")
  })

  it("still restores a session recorded under its session_id before the key existed", async () => {
    await createMemoryManager(temp.home).append("old-session", [{ role: "user", content: "An older memory" }])
    const start = runTsk(temp.home, ["memory", "restore", "--session-start"], {}, event({ session_id: "old-session", hook_event_name: "SessionStart", cwd: "/elsewhere" }))
    expect(start.stdout).toContain("An older memory")
  })

  it("prints nothing at SessionStart for a session without memory", () => {
    const start = runTsk(temp.home, ["memory", "restore", "--session-start"], {}, event({ session_id: "new-one", hook_event_name: "SessionStart" }))
    expect(start).toMatchObject({ code: 0, stdout: "" })
  })

  it("offers the restore in the SessionStart hooks of tsk agent snippet --hooks", () => {
    const settings = runTskJson<{ hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> }>(temp.home, ["agent", "snippet", "--hooks"])
    const commands = settings.hooks.SessionStart!.flatMap((entry) => entry.hooks.map((h) => h.command))
    expect(commands.some((command) => command.endsWith(" memory restore --session-start --max-tokens 2000"))).toBe(true)
  })
})
