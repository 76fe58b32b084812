// Output read through a pipe by a slow reader arrives whole (it was cut at 64 KiB with exit code 0),
// and a reader that goes away early ends the command quietly. Lists are bounded by default, so the
// big answers ask for everything (--limit 0), as an agent would.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { generateTasks } from "../bench/tasks-bench.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"

interface PipedResult {
  code: number
  stdout: Buffer
  stderr: string
}

/** Runs tsk with stdout on a pipe that is read in small pieces with pauses, like a slow consumer. */
function runThroughSlowPipe(home: string, args: string[], options: { stopAfterBytes?: number } = {}): Promise<PipedResult> {
  return new Promise((resolve) => {
    const child = spawn(BUN, [MAIN, ...args], {
      env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" },
    })
    const chunks: Buffer[] = []
    let received = 0
    let stderr = ""
    child.stderr.on("data", (d) => (stderr += d))
    child.stdout.on("data", (chunk: Buffer) => {
      chunks.push(chunk)
      received += chunk.length
      if (options.stopAfterBytes !== undefined && received >= options.stopAfterBytes) {
        child.stdout.destroy()
        return
      }
      child.stdout.pause()
      setTimeout(() => child.stdout.resume(), 2)
    })
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(chunks), stderr }))
  })
}

describe("output through a pipe", () => {
  const temp = makeTempHome()

  beforeAll(async () => {
    // About 5 MB of JSON: long descriptions make every task large.
    const tasks = generateTasks(4_000).map((task) => ({ ...task, status: "todo" as const, completedAt: null, description: "d".repeat(900) }))
    await mutateTasks(temp.home, () => ({ tasks, result: null }))
  })
  afterAll(() => temp.cleanup())

  it("delivers all of a 5 MB `list --json` to a slow reader", async () => {
    const result = await runThroughSlowPipe(temp.home, ["list", "--json", "--limit", "0", "--fields", "all"])
    expect(result.code).toBe(0)
    expect(result.stdout.length).toBeGreaterThan(5_000_000)
    expect((JSON.parse(result.stdout.toString("utf8")) as unknown[]).length).toBe(4_000)
  })

  it("delivers all of a 5 MB `export` to a slow reader", async () => {
    const result = await runThroughSlowPipe(temp.home, ["export"])
    expect(result.code).toBe(0)
    expect(result.stdout.length).toBeGreaterThan(5_000_000)
    expect((JSON.parse(result.stdout.toString("utf8")) as unknown[]).length).toBe(4_000)
  })

  it("delivers the whole answer of `agent send --json` to a slow reader", async () => {
    // The outbox keeps answers small (a page is cut at 256 KB and says so), still four pipe buffers.
    const result = await runThroughSlowPipe(temp.home, ["agent", "send", '{"command":"list","payload":{"limit":0,"fields":"all"}}', "--json"])
    expect(result.code).toBe(0)
    const answer = JSON.parse(result.stdout.toString("utf8")) as { status: string; data: unknown[]; total: number; nextOffset: number }
    expect(result.stdout.length).toBeGreaterThan(200_000)
    expect(answer).toMatchObject({ status: "ok", total: 4_000, truncated: true })
    expect(answer.data.length).toBe(answer.nextOffset)
  })

  it("delivers every line of `ls` to a slow reader", async () => {
    const result = await runThroughSlowPipe(temp.home, ["ls", "--limit", "0"])
    expect(result.code).toBe(0)
    const lines = result.stdout.toString("utf8").trimEnd().split("\n")
    expect(lines.filter((line) => /Task \d+:/.test(line)).length).toBe(4_000)
  })

  it("ends quietly with exit code 0 when the reader stops early", async () => {
    const result = await runThroughSlowPipe(temp.home, ["list", "--json", "--limit", "0"], { stopAfterBytes: 70_000 })
    expect(result.code).toBe(0)
    expect(result.stderr).toBe("")
  })
})
