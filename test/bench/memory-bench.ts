// Agent memory: restoring a working context from its snapshot cache vs rebuilding it from memory,
// for an agent whose raw log holds 10,000 messages (bridge calls and answers, one epoch).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { agentPaths } from "../../src/memory/memory-paths.ts"
import { appendMessageRecords, type MessageRecord } from "../../src/memory/record-lines.ts"
import { restoreAgent } from "../../src/memory/restore-step.ts"
import { trafficMessages } from "../../src/memory/agent-traffic.ts"
import { median, round, runTskProcess, type Figure } from "./bench-helpers.ts"

export const RAW_MESSAGES = 10_000
const AGENT = "claude-code.bench"

function trafficRecords(count: number): MessageRecord[] {
  const at = "2026-01-01T00:00:00.000Z"
  return Array.from({ length: count }, (_, i): MessageRecord => {
    const n = Math.floor(i / 2)
    return i % 2 === 0
      ? { at, message: { role: "assistant", content: "", tool_calls: [{ id: `c${n}`, name: "update", arguments: { taskId: `t${n % 500}`, status: "in_progress" } }] } }
      : { at, message: { role: "tool", content: "ok", tool_payload: { tool_call_id: `c${n}`, tool_name: "update", tool_result: { id: `t${n % 500}-0000-0000`, title: `Task number ${n % 500}`, status: "in_progress", priority: "medium", tags: ["bench"] }, tool_error: null } } }
  })
}

async function timed(fn: () => Promise<unknown>, runs: number): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  return median(samples)
}

export async function benchMemory(): Promise<Figure[]> {
  const home = mkdtempSync(join(tmpdir(), "tsk-bench-memory-"))
  try {
    const records = trafficRecords(RAW_MESSAGES)
    for (let i = 0; i < records.length; i += 1000) appendMessageRecords(agentPaths(home, AGENT), records.slice(i, i + 1000))
    await createMemoryManager(home).rebuild(AGENT)
    // A fresh manager each time: what a new process finds (no context held in memory).
    const fromCache = await timed(async () => {
      const restored = await restoreAgent(createMemoryManager(home), AGENT)
      if (restored.source !== "cache") throw new Error(`expected a cache restore, got ${restored.reason}`)
    }, 20)
    const rebuild = await timed(() => createMemoryManager(home).rebuild(AGENT), 5)
    // What the runner adds per answered command (after the outbox): append call + answer, write the cache.
    const manager = createMemoryManager(home)
    let n = 0
    const record = await timed(() => manager.append("claude-code", trafficMessages({ id: `r${n++}`, command: "update", payload: { taskId: "t1", status: "done" } }, { status: "ok", data: records[1]!.message })), 100)
    const cli = median(Array.from({ length: 7 }, () => runTskProcess(home, ["memory", "restore", AGENT, "--json"]).ms))
    return [
      { name: `memory restore from cache (${RAW_MESSAGES} raw messages)`, value: round(fromCache), unit: "ms", target: "< 50 ms", pass: fromCache < 50 },
      { name: `memory rebuild from memory (${RAW_MESSAGES} raw messages)`, value: round(rebuild), unit: "ms" },
      { name: "tsk memory restore --json from cache (process)", value: round(cli), unit: "ms" },
      { name: "memory recording of one bridge command (median)", value: round(record), unit: "ms" },
    ]
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
