// Claims as leases through MCP: each server process is a holder of its own (no assignee needed),
// whoami says who and why, a lease ends with the server that holds it, and task_next claim:true
// finds and claims in one step.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"

let temp: ReturnType<typeof makeTempHome>
const sessions: McpSession[] = []

const TRIALS = 50
const trialId = (i: number) => `${String(i).padStart(4, "0")}aaaa-trial`

beforeEach(async () => {
  temp = makeTempHome("tsk-mcp-lease-")
  await mutateTasks(temp.home, () => ({
    tasks: Array.from({ length: TRIALS }, (_, i) => makeTask({ id: trialId(i), title: `Trial ${i}`, order: i, priority: i === 0 ? "high" : "none" })),
    result: null,
  }))
})
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()))
  temp.cleanup()
})

async function start(clientName: string, env: Record<string, string> = {}, args = ["--tools", "standard"]): Promise<McpSession> {
  const session = await startMcp(temp.home, args, clientName, undefined, env)
  sessions.push(session)
  return session
}

describe("leases through MCP", () => {
  it("lets exactly one of two servers of the same client claim each task, 50 trials, with no assignee given", async () => {
    const [first, second] = await Promise.all([start("claude-code"), start("claude-code")])
    for (let i = 0; i < TRIALS; i++) {
      const answers = await Promise.all([first, second].map((s) => s.client.callTool({ name: "task_claim", arguments: { taskId: trialId(i) } })))
      const won = answers.filter((a) => !a.isError)
      expect(won, `trial ${i}`).toHaveLength(1)
      const lost = answers.find((a) => a.isError)!
      expect(resultJson(lost).error.kind).toBe("conflict")
    }
    const holders = new Set(runTskJson<Array<{ assignee: string }>>(temp.home, ["list", "--limit", "0"]).map((t) => t.assignee))
    expect(holders.size).toBe(2)
    for (const holder of holders) expect(holder).toMatch(/^claude-code-[0-9a-f]{6}$/)
  }, 180_000)

  it("answers whoami with the server's own identity, or TSK_AGENT when it is set", async () => {
    const [own, named] = await Promise.all([start("claude-code"), start("claude-code", { TSK_AGENT: "reviewer" })])
    const mine = resultJson(await own.client.callTool({ name: "whoami", arguments: {} }))
    expect(mine).toMatchObject({ how: "mcp-client" })
    expect(mine.name).toMatch(/^claude-code-[0-9a-f]{6}$/)
    expect(typeof mine.pid).toBe("number")
    const theirs = resultJson(await named.client.callTool({ name: "whoami", arguments: {} }))
    expect(theirs).toMatchObject({ name: "reviewer", how: "TSK_AGENT" })
    const claimed = resultJson(await named.client.callTool({ name: "task_claim", arguments: { taskId: trialId(3) } }))
    expect(claimed.assignee).toBe("reviewer")
  }, 60_000)

  it("frees a claim when the server holding it exits, and another server then gets it", async () => {
    const holder = await start("claude-code")
    const claimed = resultJson(await holder.client.callTool({ name: "task_claim", arguments: { taskId: trialId(0), ttlMinutes: 120 } }))
    expect(Date.parse(claimed.leaseExpiresAt) - Date.now()).toBeGreaterThan(60 * 60_000)
    expect(runTskJson<{ lease: { minutes: number } }>(temp.home, ["show", trialId(0)]).lease.minutes).toBe(120)
    const other = await start("codex")
    const refused = await other.client.callTool({ name: "task_claim", arguments: { taskId: trialId(0) } })
    expect(refused.isError).toBe(true)
    await holder.close()
    sessions.splice(sessions.indexOf(holder), 1)
    // The client's close ends the server process; wait for it to be gone as the judge sees it.
    const deadline = Date.now() + 30_000
    let answer = await other.client.callTool({ name: "task_claim", arguments: { taskId: trialId(0) } })
    while (answer.isError && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await other.client.callTool({ name: "task_claim", arguments: { taskId: trialId(0) } })
    }
    expect(answer.isError).toBeFalsy()
    expect(resultJson(answer).assignee).toMatch(/^codex-/)
  }, 60_000)

  it("finds and claims the next task in one step, and renews its lease", async () => {
    const agent = await start("claude-code")
    const next = resultJson(await agent.client.callTool({ name: "task_next", arguments: { claim: true } }))
    expect(next).toMatchObject({ id: trialId(0), status: "in_progress" })
    expect(next.lease.minutes).toBe(30)
    const again = resultJson(await agent.client.callTool({ name: "task_next", arguments: {} }))
    expect(again.id).toBe(trialId(0))
    const other = await start("codex")
    const theirs = resultJson(await other.client.callTool({ name: "task_next", arguments: { claim: true } }))
    expect(theirs.id).toBe(trialId(1))
    const renewed = resultJson(await agent.client.callTool({ name: "task_renew", arguments: { taskId: trialId(0), ttlMinutes: 60 } }))
    expect(Date.parse(renewed.leaseExpiresAt)).toBeGreaterThan(Date.parse(next.lease.expiresAt))
    const refused = await other.client.callTool({ name: "task_renew", arguments: { taskId: trialId(0) } })
    expect(resultJson(refused).error.kind).toBe("conflict")
  }, 60_000)
})
