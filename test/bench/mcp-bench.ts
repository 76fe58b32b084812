// The MCP server and `tsk prime` on a home with 10,000 tasks: the round trip of one `tools/call`
// from the SDK's own client to a `tsk mcp` child process (median and spread), and `tsk prime` as a
// whole process. No floor process exists in this bench yet: prime is also given as a ratio to `tsk stats`.
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { makeBenchHome } from "./tasks-bench.ts"
import { median, pairedFigure, pairedWithFloor, percentile, round, type Figure } from "./bench-helpers.ts"

async function timeCalls(client: Client, runs: number, call: (i: number) => { name: string; arguments: Record<string, unknown> }): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const result = await client.callTool(call(i))
    times.push(performance.now() - start)
    if (result.isError) throw new Error(`${call(i).name} failed: ${JSON.stringify(result.content)}`)
  }
  return times
}

const spread = (times: number[]) => `p10 ${round(percentile(times, 10))}, p90 ${round(percentile(times, 90))}`

export async function benchMcp(runs = 30): Promise<Figure[]> {
  const { home, tasks, cleanup } = await makeBenchHome(10_000)
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  const client = new Client({ name: "tsk-bench", version: "1.0.0" })
  try {
    await client.connect(new StdioClientTransport({ command: BUN, args: [MAIN, "mcp"], env: { ...env, TSK_HOME: home, NO_COLOR: "1" }, stderr: "ignore" }))
    await timeCalls(client, 3, () => ({ name: "task_query", arguments: {} })) // JIT and file cache warm-up
    const query = await timeCalls(client, runs, () => ({ name: "task_query", arguments: {} }))
    const show = await timeCalls(client, runs, (i) => ({ name: "task_show", arguments: { taskId: tasks[i * 7]!.id } }))
    const create = await timeCalls(client, Math.min(runs, 15), (i) => ({ name: "task_create", arguments: { title: `bench ${i}` } }))
    await client.close()
    // Each run right after the floor (a bare Bun reading the same file), so the ratio holds under load.
    const prime = pairedWithFloor(home, () => ["prime"], 9)
    console.error(`  spread: task_query ${spread(query)}; task_show ${spread(show)}; task_create ${spread(create)}; tsk prime ${round(prime.command.min)}–${round(prime.command.max)} ms`)
    return [
      { name: "MCP tools/call task_query, 10,000 tasks (median)", value: round(median(query)), unit: "ms", target: "< 20 ms", pass: median(query) < 20 },
      { name: "MCP tools/call task_query (p90 - p10)", value: round(percentile(query, 90) - percentile(query, 10)), unit: "ms" },
      { name: "MCP tools/call task_show (median)", value: round(median(show)), unit: "ms", target: "< 20 ms", pass: median(show) < 20 },
      { name: "MCP tools/call task_create, fsync (median)", value: round(median(create)), unit: "ms", target: "< 120 ms", pass: median(create) < 120 },
      { name: "MCP tools/call task_create (p90 - p10)", value: round(percentile(create, 90) - percentile(create, 10)), unit: "ms" },
      pairedFigure("tsk prime, 10,000 tasks", prime),
    ]
  } finally {
    await client.close().catch(() => undefined)
    cleanup()
  }
}
