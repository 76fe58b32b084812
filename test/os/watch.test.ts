import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { watchOsState, type OsStateWatcher } from "../../src/os/watch.ts"
import { BUN } from "../helpers/run-tsk.ts"
import { makeOsFixture, type OsFixture } from "./os-helpers.ts"

const WORKER = join(import.meta.dirname, "fixtures", "engine-worker.ts")

let fx: OsFixture
let watcher: OsStateWatcher | null = null
afterEach(async () => {
  await watcher?.close()
  watcher = null
  fx.cleanup()
})

/** Watch `root`; `change` resolves with the first callback's files, or null after `ms`. */
function watchRoot(root: string, ms: number): { watcher: OsStateWatcher; change: Promise<{ files: string[]; at: number } | null> } {
  let resolve!: (value: { files: string[]; at: number } | null) => void
  const change = new Promise<{ files: string[]; at: number } | null>((r) => (resolve = r))
  const timer = setTimeout(() => resolve(null), ms)
  const started = watchOsState(root, (files) => {
    clearTimeout(timer)
    resolve({ files, at: performance.now() })
  })
  return { watcher: started, change }
}

describe("watching the operating state", () => {
  it("reports another process's change within 500 ms", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const { watcher: started, change } = watchRoot(fx.root, 3000)
    watcher = started
    await started.ready
    const result = spawnSync(BUN, [WORKER, fx.root, "from another process"])
    const exited = performance.now()
    expect(result.status).toBe(0)
    const seen = await change
    expect(seen).not.toBeNull()
    expect(seen!.at - exited).toBeLessThan(500)
    expect(seen!.files.some((file) => file.endsWith("state.json"))).toBe(true)
    expect((await fx.engine.status()).phase).toBe("A")
  })

  it("ignores temp files, lock folders and other files, but not a real write after them", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const calls: string[][] = []
    watcher = watchOsState(fx.root, (files) => calls.push(files))
    await watcher.ready
    writeFileSync(join(fx.root, "state.json.tmp-123-abc"), "{}")
    writeFileSync(join(fx.root, "state.json.2894712"), "{}")
    writeFileSync(join(fx.root, "notes.txt"), "x")
    mkdirSync(join(fx.root, "sessions.json.lock"))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(calls).toEqual([])
    await fx.engine.analyze({ goal: "g" })
    await expect.poll(() => calls.length, { timeout: 60_000 }).toBeGreaterThan(0)
    expect(calls.flat().every((file) => /\.(json|jsonl)$/.test(file))).toBe(true)
  })
})
