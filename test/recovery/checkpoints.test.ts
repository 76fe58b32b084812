// The checkpoint and crash-recovery checklist (issue 10): each item is a test here.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { collectCheckpoint } from "../../src/recovery/collect-state.ts"
import { CHECKPOINTS_KEPT, checkpointsDir, listCheckpoints, loadLatestCheckpoint, parseCheckpoint, writeCheckpoint } from "../../src/recovery/checkpoint-store.ts"
import { planRecovery } from "../../src/recovery/recovery-plan.ts"
import type { CheckpointBody } from "../../src/recovery/checkpoint-schema.ts"
import { C64_HOME, envFor, seedHierarchy } from "./hierarchy-fixture.ts"
import { INTERRUPTED_WRITE } from "../../src/c64/resume-tasks.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-checkpoint-")))
afterEach(() => cleanup())

const ids = (entries: CheckpointBody["completedTasks"]) => entries.map((e) => `${e.kind}:${e.id}`).sort()
const tskJson = <T>(args: string[]): T => {
  const result = runTsk(home, [...args, "--json"], { C64BRIDGE_HOME: C64_HOME(home) })
  if (result.code !== 0) throw new Error(`tsk ${args.join(" ")}: ${result.stdout}${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

describe("a checkpoint", () => {
  it("has non-empty flat arrays when there is work", async () => {
    await seedHierarchy(home)
    const checkpoint = await collectCheckpoint(home, envFor(home), "test")
    expect(checkpoint.completedTasks.length).toBeGreaterThan(0)
    expect(checkpoint.pendingTasks.length).toBeGreaterThan(0)
    expect(checkpoint.failedTasks.length).toBeGreaterThan(0)
  })

  it("records every completed, pending and failed item of every level with its kind and parent path", async () => {
    const { parentId, subtaskId, milkId } = await seedHierarchy(home)
    const checkpoint = await collectCheckpoint(home, envFor(home), "test")
    expect(ids(checkpoint.completedTasks)).toEqual([`task:${subtaskId}`, "plan-task:t1", "c64-task:0001_read"].sort())
    expect(ids(checkpoint.failedTasks)).toEqual(["plan-task:t3", "c64-task:0005_read_screen"].sort())
    expect(ids(checkpoint.pendingTasks)).toEqual(
      [`task:${parentId}`, `task:${milkId}`, "plan-task:t2", "plan-task:t4", "c64-task:0002_read", "c64-task:0003_write", "c64-task:0004_extract_ram", "command:q1"].sort(),
    )
    expect(checkpoint.completedTasks.find((e) => e.id === subtaskId)!.parentPath).toEqual([parentId])
    expect(checkpoint.failedTasks.find((e) => e.id === "t3")!.parentPath).toEqual(["p1"])
    expect(checkpoint.pendingTasks.find((e) => e.id === "q1")!.parentPath).toEqual(["agent-inbox.d/0001-queued.json"])
  })

  it("preserves the nested structure, the execution state, budgets and tracked files", async () => {
    const { parentId, subtaskId } = await seedHierarchy(home)
    const checkpoint = await collectCheckpoint(home, envFor(home), "test")
    const parent = checkpoint.structure.tasks.find((t) => t.id === parentId)!
    expect(parent.children.map((c) => [c.id, c.status])).toEqual([[subtaskId, "done"]])
    expect(checkpoint.structure.plans[0]!.tasks.map((t) => `${t.id}:${t.st}:${t.rt}`)).toEqual(["t1:done:0", "t2:active:1", "t3:failed:3", "t4:pending:0"])
    expect(checkpoint.execution).toEqual({ phase: "C", state: "BUSY", currentPlan: "p1", currentPlanTask: "t2", runningC64: [{ id: "0002_read", iterations: 3 }] })
    expect(checkpoint.budgets).toEqual({ validationRetries: { used: 4, remaining: 5, byTask: { t2: 1 } }, c64Iterations: { used: 8, remaining: 7 } })
    expect(checkpoint.trackedFiles.map((f) => [f.path.replace(home, "~"), f.size])).toEqual([
      ["c64:tasks/0004_extract_ram/artifacts/ram.bin", 4],
      ["c64:tasks/background/0001_read/result.json", expect.any(Number)],
      [`os:~/work/schema.sql`, 28],
    ])
    expect(checkpoint.trackedFiles.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true)
  })

  it("is checksummed: the newest valid one is loaded, a torn or edited newer one is skipped", async () => {
    await seedHierarchy(home)
    const good = await writeCheckpoint(home, await collectCheckpoint(home, envFor(home), "one"))
    const newer = await writeCheckpoint(home, await collectCheckpoint(home, envFor(home), "two"))
    const file = join(checkpointsDir(home), `checkpoint-${newer.id}.json`)
    writeFileSync(file, readFileSync(file, "utf8").replace('"reason":"two"', '"reason":"tw0"'))
    expect(loadLatestCheckpoint(home)!.id).toBe(good.id)
    expect(listCheckpoints(home).map((c) => c.valid)).toEqual([false, true])
  })

  it("keeps only the newest checkpoints", async () => {
    const body = await collectCheckpoint(home, envFor(home), "rotate")
    for (let i = 0; i < CHECKPOINTS_KEPT + 3; i++) await writeCheckpoint(home, body)
    expect(readdirSync(checkpointsDir(home)).filter((n) => n.startsWith("checkpoint-"))).toHaveLength(CHECKPOINTS_KEPT)
  })

  it("migrates an old or hand-made checkpoint whose flat arrays are empty by deriving them from the structure", async () => {
    await seedHierarchy(home)
    const full = await collectCheckpoint(home, envFor(home), "test")
    const handMade = { ...full, completedTasks: [], pendingTasks: [], failedTasks: [] }
    const migrated = parseCheckpoint(JSON.stringify(handMade))
    expect(ids(migrated.completedTasks)).toEqual(ids(full.completedTasks))
    expect(ids(migrated.pendingTasks)).toEqual(ids(full.pendingTasks))
    expect(ids(migrated.failedTasks)).toEqual(ids(full.failedTasks))
  })
})

describe("recovery from the newest checkpoint", () => {
  it("re-executes nothing completed and says what resumes, which read runs again and which write is marked interrupted (--dry-run changes nothing)", async () => {
    await seedHierarchy(home)
    await writeCheckpoint(home, await collectCheckpoint(home, envFor(home), "before crash"))
    const registryBefore = readFileSync(join(C64_HOME(home), "tasks.json"), "utf8")
    const dry = tskJson<{ dryRun: boolean; resume: Array<{ id: string; nextIteration: number }>; rerun: Array<{ id: string }>; interrupted: Array<{ id: string }>; planTask: unknown; queued: Array<{ id: string }> }>(["recover", "--dry-run"])
    expect(dry.dryRun).toBe(true)
    expect(dry.resume).toEqual([expect.objectContaining({ id: "0002_read", nextIteration: 4 })])
    expect(dry.rerun.map((r) => r.id)).toEqual(["0004_extract_ram"])
    expect(dry.interrupted.map((r) => r.id)).toEqual(["0003_write"])
    expect(dry.planTask).toEqual({ plan: "p1", task: "t2", retries: 1 })
    expect(dry.queued.map((q) => q.id)).toEqual(["q1"])
    expect(readFileSync(join(C64_HOME(home), "tasks.json"), "utf8")).toBe(registryBefore)
    const text = runTsk(home, ["recover", "--dry-run"], { C64BRIDGE_HOME: C64_HOME(home) }).stdout
    expect(text).toContain("would run again 0004_extract_ram (extract_ram")
    expect(text).toContain("would mark interrupted 0003_write (write")

    tskJson(["recover"])
    const registry = JSON.parse(readFileSync(join(C64_HOME(home), "tasks.json"), "utf8")) as { tasks: Array<{ id: string; status: string; iterations?: number }> }
    const byId = new Map(registry.tasks.map((t) => [t.id, t]))
    expect(byId.get("0001_read")).toMatchObject({ status: "completed", iterations: 5 })
    expect(byId.get("0003_write")!.status).toBe("error")
    expect(byId.get("0003_write")).toMatchObject({ lastError: INTERRUPTED_WRITE })
    // Left for the next runner start, which runs it again in the same task.
    expect(byId.get("0004_extract_ram")).toMatchObject({ status: "running", lastError: null })
    expect(byId.get("0005_read_screen")!.status).toBe("error")
  })

  it("restores an iteration count the registry lost in the crash, never lowering one", async () => {
    await seedHierarchy(home)
    await writeCheckpoint(home, await collectCheckpoint(home, envFor(home), "at iteration 3"))
    const file = join(C64_HOME(home), "tasks.json")
    writeFileSync(file, readFileSync(file, "utf8").replace('"iterations": 3', '"iterations": 1'))
    const { plan } = await planRecovery(home, envFor(home))
    expect(plan.resume).toEqual([{ id: "0002_read", operation: "read", nextIteration: 4, restoredFrom: 1 }])
    tskJson(["recover"])
    expect((JSON.parse(readFileSync(file, "utf8")) as { tasks: Array<{ id: string; iterations?: number }> }).tasks.find((t) => t.id === "0002_read")!.iterations).toBe(3)
  })

  it("keeps budgets and tracked files exact across the recovery", async () => {
    await seedHierarchy(home)
    const before = await writeCheckpoint(home, await collectCheckpoint(home, envFor(home), "before crash"))
    tskJson(["recover"])
    const after = loadLatestCheckpoint(home)!
    expect(after.reason).toBe("recover")
    expect(after.budgets).toEqual(before.budgets)
    expect(after.trackedFiles).toEqual(before.trackedFiles)
  })

  it("restores the queue: the queued command is in the checkpoint, runs once under a runner, and is then recorded as completed", async () => {
    await seedHierarchy(home)
    tskJson(["checkpoint", "create"])
    expect(loadLatestCheckpoint(home)!.pendingTasks.filter((e) => e.kind === "command").map((e) => e.id)).toEqual(["q1"])
    for (let pass = 0; pass < 2; pass++) runTsk(home, ["agent", "send", `{"id":"s${pass}","command":"list"}`], { C64BRIDGE_HOME: C64_HOME(home) })
    const outbox = JSON.parse(readFileSync(join(home, "agent-outbox.json"), "utf8")) as Array<{ commandId: string }>
    expect(outbox.filter((a) => a.commandId === "q1")).toHaveLength(1)
    const titles = tskJson<Array<{ title: string }>>(["list"]).map((t) => t.title)
    expect(titles.filter((t) => t === "queued by an agent")).toHaveLength(1)
    tskJson(["checkpoint", "create"])
    const latest = loadLatestCheckpoint(home)!
    expect(latest.pendingTasks.some((e) => e.kind === "command")).toBe(false)
  })
})

describe("tsk checkpoint", () => {
  it("creates, lists and shows checkpoints, with --json", async () => {
    await seedHierarchy(home)
    const created = tskJson<{ id: string }>(["checkpoint", "create"])
    expect(tskJson<Array<{ id: string; valid: boolean }>>(["checkpoint", "list"])).toEqual([expect.objectContaining({ id: created.id, valid: true })])
    expect(tskJson<{ id: string }>(["checkpoint", "show", created.id.slice(0, 18)]).id).toBe(created.id)
    expect(runTsk(home, ["checkpoint", "show", "nope"]).code).toBe(2)
    expect(runTsk(home, ["checkpoint", "show"], { C64BRIDGE_HOME: C64_HOME(home) }).stdout).toMatch(/execution: phase C, state BUSY, plan p1, plan task t2/)
  })
})

describe("the runner's checkpoint writer", () => {
  it("writes a checkpoint after a state change and one on a clean stop, and none while nothing changes", async () => {
    const { startCheckpointWriter } = await import("../../src/recovery/checkpoint-writer.ts")
    await seedHierarchy(home)
    const writer = startCheckpointWriter(home, envFor(home), { checkMs: 20, minGapMs: 0 })
    const until = async (condition: () => boolean) => {
      for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await until(() => listCheckpoints(home).length === 1)
    expect(listCheckpoints(home).map((c) => c.reason)).toEqual(["state-change"])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(listCheckpoints(home)).toHaveLength(1)
    writeFileSync(join(home, "agent-inbox.d", "0002-more.json"), JSON.stringify({ id: "q2", source: "custom", command: "list" }))
    await until(() => listCheckpoints(home).length === 2)
    expect(loadLatestCheckpoint(home)!.pendingTasks.filter((e) => e.kind === "command").map((e) => e.id)).toEqual(["q1", "q2"])
    await writer.stop()
    expect(listCheckpoints(home).map((c) => c.reason)).toEqual(["clean-exit", "state-change", "state-change"])
  })
})
