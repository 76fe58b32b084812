// Claiming and ready work through MCP: two agents (two servers, two client names) claiming one task
// at once, exactly one wins and the other hears `conflict`; ready work is what task_query ready:true
// answers, and a claimed task shows its assignee on the CLI.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"

let temp: ReturnType<typeof makeTempHome>
const sessions: McpSession[] = []

beforeEach(async () => {
  temp = makeTempHome("tsk-mcp-claim-")
  await mutateTasks(temp.home, () => ({
    tasks: [
      makeTask({ id: "aaaa0001-ready", title: "Ready work", order: 1, priority: "high" }),
      makeTask({ id: "bbbb0002-blocker", title: "Blocker", order: 2 }),
      makeTask({ id: "cccc0003-blocked", title: "Blocked work", order: 3, blockedBy: ["bbbb0002-blocker"] }),
    ],
    result: null,
  }))
})
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()))
  temp.cleanup()
})

describe("claiming through MCP", () => {
  it("lets exactly one of two agents claim a task at once, the other hears conflict", async () => {
    const [first, second] = await Promise.all([startMcp(temp.home, [], "agent-one"), startMcp(temp.home, [], "agent-two")])
    sessions.push(first, second)
    const answers = await Promise.all(
      [first, second].map(async (s, i) => s.client.callTool({ name: "task_claim", arguments: { taskId: "aaaa0001", assignee: `agent-${i}` } })),
    )
    const won = answers.filter((a) => !a.isError)
    const lost = answers.filter((a) => a.isError)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(1)
    expect(resultJson(lost[0]).error.kind).toBe("conflict")
    const shown = runTskJson<{ assignee: string; status: string }>(temp.home, ["show", "aaaa0001"])
    expect(shown.status).toBe("in_progress")
    expect(shown.assignee).toBe(resultJson(won[0]).assignee)
  })

  it("answers ready work without the blocked task", async () => {
    const session = await startMcp(temp.home)
    sessions.push(session)
    const ready = resultJson(await session.client.callTool({ name: "task_query", arguments: { ready: true } }))
    expect(ready.tasks.map((t: { title: string }) => t.title)).toEqual(["Ready work", "Blocker"])
    expect(ready.total).toBe(2)
  })
})
