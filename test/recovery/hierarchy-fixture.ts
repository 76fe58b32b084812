// A home with work at every level of the hierarchy a checkpoint covers: tasks with a subtask, an
// agent plan with done/active/failed/pending tasks and a registered artifact, C64 tasks (completed,
// running with a dead owner, an interrupted write and an interrupted read, one failed) with their
// output files, and a queued agent command.
import { mkdirSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { hostname } from "node:os"
import { join } from "node:path"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { createTask, setStatus } from "../../src/domain/task-operations.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"

const json = (path: string, value: unknown) => {
  mkdirSync(join(path, ".."), { recursive: true })
  writeFileSync(path, JSON.stringify(value, null, 2))
}

export const C64_HOME = (home: string) => join(home, "c64bridge")
export const envFor = (home: string): NodeJS.ProcessEnv => ({ ...process.env, TSK_HOME: home, C64BRIDGE_HOME: C64_HOME(home) })

export async function seedHierarchy(home: string): Promise<{ parentId: string; subtaskId: string; milkId: string }> {
  const ctx = fixedContext()
  const { result: parent } = await mutateTasks(home, (tasks) => createTask(tasks, { title: "Ship login" }, ctx))
  const { result: subtask } = await mutateTasks(home, (tasks) => createTask(tasks, { title: "Write test", parentId: parent.id }, ctx))
  await mutateTasks(home, (tasks) => setStatus(tasks, subtask.id, "done", ctx))
  const { result: milk } = await mutateTasks(home, (tasks) => createTask(tasks, { title: "Buy milk" }, ctx))

  const os = join(home, "os")
  json(join(os, "state.json"), { v: 3, g: 10, ln: 2, max: 1000, ph: "C", st: "BUSY", cp: "p1", ct: "t2", rt: { t2: 1 }, iss: {}, err: null })
  json(join(os, "plans/auth/p1.json"), {
    v: 2, id: "p1", dom: "auth", goal: "login flow", max: 3,
    tasks: [
      { id: "t1", title: "schema", desc: null, st: "done", rt: 0, art: "a1", err: null },
      { id: "t2", title: "handler", desc: null, st: "active", rt: 1, art: null, err: null },
      { id: "t3", title: "migration", desc: null, st: "failed", rt: 3, art: null, err: "gave up" },
      { id: "t4", title: "docs", desc: null, st: "pending", rt: 0, art: null, err: null },
    ],
  })
  json(join(os, "plan_summary.json"), { v: 1, items: { p1: { path: "plans/auth/p1.json", v: 2 } } })
  const artifact = join(home, "work", "schema.sql")
  mkdirSync(join(home, "work"), { recursive: true })
  writeFileSync(artifact, "create table users(id int);\n")
  json(join(os, "registry/auth/a1.json"), { v: 1, id: "a1", dom: "auth", loc: artifact, type: "code", pu: null, if: [], dep: [], ki: [], ann: true, plan: "p1", task: "t1" })
  json(join(os, "registry_summary.json"), { v: 1, items: { a1: { path: "registry/auth/a1.json", v: 1 } } })

  const c64 = C64_HOME(home)
  const dead = { pid: spawnSync("true").pid!, host: hostname() }
  const at = "2026-03-10T09-00-00Z"
  const entry = (id: string, type: string, operation: string, status: string, extra: Record<string, unknown> = {}) => ({
    id, name: operation, type, operation, args: { address: "$0400", length: 16 }, status, startedAt: at, updatedAt: at, stoppedAt: null, lastError: null,
    folder: type === "background" ? `tasks/background/${id}` : `tasks/${id}`, ...extra,
  })
  const entries = [
    entry("0001_read", "background", "read", "completed", { intervalMs: 1000, maxIterations: 5, iterations: 5 }),
    entry("0002_read", "background", "read", "running", { intervalMs: 1000, maxIterations: 10, iterations: 3, owner: dead }),
    entry("0003_write", "foreground", "write", "running", { owner: dead, args: { address: "$0400", bytes: "01" } }),
    entry("0004_extract_ram", "foreground", "extract_ram", "running", { owner: dead }),
    entry("0005_read_screen", "foreground", "read_screen", "error", { lastError: "timeout" }),
  ]
  json(join(c64, "tasks.json"), { tasks: entries })
  json(join(c64, "tasks/background/0001_read/result.json"), { id: "0001_read", status: "completed" })
  mkdirSync(join(c64, "tasks/0004_extract_ram/artifacts"), { recursive: true })
  writeFileSync(join(c64, "tasks/0004_extract_ram/artifacts/ram.bin"), Buffer.from([1, 2, 3, 4]))

  json(join(home, "agent-inbox.d", "0001-queued.json"), { id: "q1", source: "custom", command: "create", payload: { title: "queued by an agent" } })
  return { parentId: parent.id, subtaskId: subtask.id, milkId: milk.id }
}
