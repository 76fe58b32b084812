// Memory that resumes where it stopped: a default restore gives memory first, then the newest
// messages within 4,000 tokens, says what it left out and pages back with `before`; the key an
// agent's surfaces share (its name plus the project folder) carries a fact from MCP to the next
// SessionStart hook. Real `tsk mcp` and `tsk` processes on a temporary home.
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "../mcp/mcp-client.ts"
import { memoryKey } from "../../src/memory/memory-key.ts"

let temp: ReturnType<typeof makeTempHome>
let project: string
let session: McpSession | null = null

beforeEach(() => {
  temp = makeTempHome("tsk-resume-")
  project = join(temp.home, "projects", "shop")
  mkdirSync(project, { recursive: true })
})
afterEach(async () => {
  await session?.close()
  session = null
  temp.cleanup()
})

/** 145 messages of about 60 tokens each: far more than one budget holds. */
const history = Array.from({ length: 145 }, (_, i) => ({
  role: i % 2 === 0 ? "user" : "assistant",
  content: `Message ${i}: ${"we looked at the checkout flow and decided what to change next. ".repeat(3)}`,
}))

const TOKENS = (text: string) => Math.ceil(text.length / 4)

describe("memory restore", () => {
  it("after 145 messages, a default restore over MCP holds the facts, the last message, and stays within 4,000 tokens", async () => {
    session = await startMcp(temp.home, [], "claude-code", project)
    await session.client.callTool({ name: "memory_remember", arguments: { key: "branch", value: "checkout-v2" } })
    const appended = await session.client.callTool({ name: "memory_append", arguments: { messages: history } }).catch((e) => e)
    // memory_append is in the `all` tier: the default server does not offer it.
    expect(String(appended)).toMatch(/unknown tool/)
    await session.close()
    session = await startMcp(temp.home, ["--tools", "all"], "claude-code", project)
    expect(resultJson(await session.client.callTool({ name: "memory_append", arguments: { messages: history } }))).toMatchObject({ appended: 145 })

    const result = await session.client.callTool({ name: "memory_restore", arguments: {} })
    const text = (result.content as Array<{ text: string }>)[0]!.text
    const restored = JSON.parse(text)
    expect(TOKENS(text)).toBeLessThanOrEqual(4000)
    expect(restored.agent_id).toBe(memoryKey("claude-code", project))
    const contents = restored.messages.map((m: { content: string }) => m.content)
    expect(contents.some((c: string) => c.includes("branch: checkout-v2"))).toBe(true)
    expect(contents.at(-1)).toMatch(/^Message 144:/)
    expect(restored.older).toBeGreaterThan(0)
    expect(restored.before).toBe(restored.older)
    expect(restored.page_back).toContain(`before ${restored.before}`)
    expect(result.structuredContent).toEqual(restored)

    // Paging back: the messages just before the first one shown, newest of them last.
    const first = Number(/^Message (\d+):/.exec(contents.find((c: string) => c.startsWith("Message"))!)![1])
    const back = resultJson(await session.client.callTool({ name: "memory_restore", arguments: { before: restored.before } }))
    const older = back.messages.map((m: { content: string }) => m.content).filter((c: string) => c.startsWith("Message"))
    expect(older.at(-1)).toMatch(new RegExp(`^Message ${first - 1}:`))
    expect(back.newer).toBe(145 - restored.before)

    // Markdown within the same budget, the newest message in it.
    const markdown = await session.client.callTool({ name: "memory_restore", arguments: { markdown: true } })
    const markdownText = (markdown.content as Array<{ text: string }>)[0]!.text
    expect(TOKENS(markdownText)).toBeLessThanOrEqual(4000)
    expect(JSON.parse(markdownText).markdown).toContain("Message 144:")
    expect(JSON.parse(markdownText).markdown).toMatch(/older left out; page back with before \d+/)
  }, 60_000)

  it("on the CLI: --markdown and --json end with the newest message by default, --before pages back", async () => {
    session = await startMcp(temp.home, ["--tools", "all"], "claude-code", project)
    await session.client.callTool({ name: "memory_append", arguments: { messages: history } })
    await session.close()
    session = null
    const key = memoryKey("claude-code", project)
    const markdown = runTsk(temp.home, ["memory", "restore", key, "--markdown"])
    expect(markdown.stdout).toContain("Message 144:")
    expect(TOKENS(markdown.stdout)).toBeLessThanOrEqual(4000)
    const json = runTskJson<{ messages: Array<{ content: string }>; before: number }>(temp.home, ["memory", "restore", key])
    expect(json.messages.at(-1)!.content).toMatch(/^Message 144:/)
    const back = runTskJson<{ messages: Array<{ content: string }> }>(temp.home, ["memory", "restore", key, "--before", String(json.before)])
    expect(back.messages.at(-1)!.content).toMatch(new RegExp(`^Message ${json.before - 1}:`))
  }, 60_000)
})

describe("one memory for an agent in a project", () => {
  it("restores a fact remembered over MCP at the next SessionStart hook of that agent in the same folder", async () => {
    session = await startMcp(temp.home, [], "claude-code", project)
    await session.client.callTool({ name: "memory_remember", arguments: { key: "deploy", value: "only on Fridays after review" } })
    await session.close()
    session = null
    const event = (cwd: string) => JSON.stringify({ session_id: "a-new-session", cwd, hook_event_name: "SessionStart", source: "startup" })
    const start = runTsk(temp.home, ["memory", "restore", "--session-start"], { TSK_AGENT: undefined }, event(project))
    expect(start.code).toBe(0)
    expect(start.stdout).toContain("deploy: only on Fridays after review")
    // Another folder is another project: nothing to restore there.
    const elsewhere = runTsk(temp.home, ["memory", "restore", "--session-start"], { TSK_AGENT: undefined }, event(join(temp.home, "projects", "other")))
    expect(elsewhere.stdout).toBe("")
  }, 60_000)

  it("keeps the hooks' messages of several sessions in the one memory, each marked with its session", () => {
    for (const id of ["s-1", "s-2"]) {
      runTsk(temp.home, ["hook"], { TSK_AGENT: undefined }, JSON.stringify({ session_id: id, cwd: project, hook_event_name: "UserPromptSubmit", prompt: `hello from ${id}` }))
    }
    const key = runTsk(temp.home, ["memory", "key", "--folder", project], { TSK_AGENT: undefined }).stdout.trim()
    expect(key).toBe(memoryKey("claude-code", project))
    const restored = runTskJson<{ messages: Array<{ content: string }> }>(temp.home, ["memory", "restore", key])
    expect(restored.messages.map((m) => m.content)).toEqual(expect.arrayContaining(["hello from s-1", "hello from s-2"]))
  })
})
