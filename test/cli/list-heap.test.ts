// `tsk list --json` on 10,000 tasks ends before the first garbage collection, which would mark the
// whole parsed list (bin/tsk gives JavaScriptCore's first collection 32 MiB of new objects, where
// Bun starts at 8). JavaScriptCore says each collection it starts on stderr under BUN_JSC_logGC.
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { makeBenchHome } from "../bench/tasks-bench.ts"

const TSK = join(PROJECT_ROOT, "bin", "tsk")
let bench: Awaited<ReturnType<typeof makeBenchHome>>
beforeAll(async () => {
  bench = await makeBenchHome(10_000)
  // A bundle older than a source is rebuilt by the command that finds it (collecting as it
  // builds): the measured runs find it fresh.
  spawnSync(TSK, ["--version"], { env: { ...process.env, TSK_HOME: bench.home }, timeout: 120_000 })
})
afterAll(() => bench.cleanup())

function listWithGcLog(env: Record<string, string>) {
  const result = spawnSync(TSK, ["list", "--json"], {
    env: { ...process.env, TSK_HOME: bench.home, C64BRIDGE_HOME: join(bench.home, "c64bridge"), TSK_BACKGROUND_COMPACTION: "0", BUN_JSC_logGC: "1", ...env },
    encoding: "utf8",
    timeout: 120_000,
  })
  expect(result.status, result.stderr).toBe(0)
  return { rows: (JSON.parse(result.stdout) as unknown[]).length, collections: result.stderr.split("\n").filter((line) => /^\[GC<.*START/.test(line)).length }
}

describe("tsk list --json on 10,000 tasks", () => {
  it("answers before the first garbage collection", () => {
    expect(listWithGcLog({})).toEqual({ rows: 50, collections: 0 })
  })

  it("keeps a heap size set outside, and then collects (the log does show a collection)", () => {
    const { rows, collections } = listWithGcLog({ BUN_JSC_largeHeapSize: String(8 * 1024 * 1024) })
    expect(rows).toBe(50)
    expect(collections).toBeGreaterThan(0)
  })
})
