// Default answers at 10,000 tasks stay under 5,000 tokens (bytes / 4) and say what they left out.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeBenchHome } from "../bench/tasks-bench.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { isOpen } from "../../src/domain/task-constants.ts"
import type { Task } from "../../src/domain/task.ts"

const TOKEN_BUDGET_BYTES = 5000 * 4
let bench: Awaited<ReturnType<typeof makeBenchHome>>
let session: McpSession

beforeAll(async () => {
  bench = await makeBenchHome(10_000)
  session = await startMcp(bench.home, ["--tools", "all"])
})
afterAll(async () => {
  await session?.close()
  bench?.cleanup()
})

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = await session.client.callTool({ name, arguments: args })
  const text = (result.content as Array<{ text: string }>)[0]!.text
  return { text, json: JSON.parse(text) }
}

describe("tsk mcp at 10,000 tasks", () => {
  it("answers task_query with a first page of 50 compact tasks, the total and the next offset", async () => {
    const { text, json } = await call("task_query")
    const open = bench.tasks.filter(isOpen)
    expect(json.tasks).toHaveLength(50)
    expect(json).toMatchObject({ total: open.length, offset: 0, nextOffset: 50 })
    expect(json.tasks[0]).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String), status: expect.any(String) }))
    expect(json.tasks[0].notes).toBeUndefined()
    expect(text.length).toBeLessThan(TOKEN_BUDGET_BYTES)
  })

  it("pages on from nextOffset to the end, where nextOffset is null", async () => {
    const filtered = bench.tasks.filter((t: Task) => isOpen(t) && t.project === "web" && t.priority === "urgent")
    const first = (await call("task_query", { project: "web", priority: "urgent", limit: 20 })).json
    expect(first.total).toBe(filtered.length)
    const second = (await call("task_query", { project: "web", priority: "urgent", limit: 20, offset: first.nextOffset })).json
    // The same order as one larger page: most relevant first, as on every surface.
    const both = (await call("task_query", { project: "web", priority: "urgent", limit: 40 })).json
    expect(second.tasks.map((t: Task) => t.id)).toEqual(both.tasks.slice(20, 40).map((t: Task) => t.id))
    expect(new Set([...first.tasks, ...second.tasks].map((t: Task) => t.id)).size).toBe(40)
    const last = (await call("task_query", { project: "web", priority: "urgent", offset: filtered.length - 3 })).json
    expect(last).toMatchObject({ offset: filtered.length - 3, nextOffset: null })
    expect(last.tasks).toHaveLength(3)
  })

  it("keeps every default answer of a listing or reading tool under 5,000 tokens", async () => {
    const someId = bench.tasks[0]!.id
    for (const [name, args] of [
      ["task_list", {}],
      ["task_list", { all: true }],
      ["task_query", { all: true }],
      ["task_show", { taskId: someId }],
      ["task_stats", {}],
      ["projects_list", {}],
      ["tags_list", {}],
      ["os_status", {}],
    ] as const) {
      const { text } = await call(name, args)
      expect({ name, bytes: text.length < TOKEN_BUDGET_BYTES }).toEqual({ name, bytes: true })
    }
  })

  it("answers a bulk create of 200 tasks with their count and the first 50, compact", async () => {
    const tasks = Array.from({ length: 200 }, (_, i) => ({ title: `bulk ${i}` }))
    const { text, json } = await call("task_bulk_create", { tasks })
    expect(json.created).toBe(200)
    expect(json.tasks).toHaveLength(50)
    expect(json.tasksOmitted).toBe(150)
    expect(text.length).toBeLessThan(TOKEN_BUDGET_BYTES)
  })

  it("lists the core tools' schemas (every parameter described, output schemas, annotations) in under 4,000 tokens", async () => {
    const core = await startMcp(bench.home)
    try {
      expect(JSON.stringify((await core.client.listTools()).tools).length).toBeLessThan(4000 * 4)
    } finally {
      await core.close()
    }
  })
})
