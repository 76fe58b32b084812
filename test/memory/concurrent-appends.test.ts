import { spawn } from "node:child_process"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { readMessageRecords } from "../../src/memory/record-parse.ts"
import { restoreAgent } from "../../src/memory/restore-step.ts"
import { BUN } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const WORKER = join(import.meta.dirname, "fixtures", "append-worker.ts")

function runWorker(home: string, agent: string, tag: string, count: number, barrier: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUN, [WORKER, home, agent, tag, String(count), barrier], { stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${tag} exited ${code}: ${stderr}`))))
  })
}

let temp: { home: string; cleanup: () => void }
beforeEach(() => (temp = makeTempHome()))
afterEach(() => temp.cleanup())

describe("appends from several processes", () => {
  it("lose nothing and keep each writer's order", async () => {
    const agent = "claude-code"
    const barrier = join(temp.home, "go")
    const workers = ["a", "b", "c", "d"].map((tag) => runWorker(temp.home, agent, tag, 40, barrier))
    await new Promise((resolve) => setTimeout(resolve, 300))
    mkdirSync(barrier)
    await Promise.all(workers)
    const manager = createMemoryManager(temp.home)
    const { records, skipped } = readMessageRecords(manager.paths(agent).messages)
    expect(skipped).toBe(0)
    expect(records).toHaveLength(160)
    for (const tag of ["a", "b", "c", "d"]) {
      const mine = records.map((r) => r.message.content).filter((c) => c.startsWith(`${tag}:`))
      expect(mine).toEqual(Array.from({ length: 40 }, (_, i) => `${tag}:${i}`))
    }
    // Whatever cache the last writer left, restoring equals a rebuild.
    const restored = await restoreAgent(manager, agent)
    const { context } = await createMemoryManager(temp.home).rebuild(agent)
    expect(restored.all).toEqual(context.buildMessages())
  })
})
