import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { readFileSync, statSync, writeFileSync, readdirSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT, runTsk } from "../helpers/run-tsk.ts"
import { mutateTasks, readTasks } from "../../src/store/tasks-repository.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { createTask } from "../../src/domain/task-operations.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"
import { TskError } from "../../src/domain/errors.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

function spawnWorker(worker: number, count: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(BUN, [join(PROJECT_ROOT, "test/helpers/add-worker.ts"), home, String(worker), String(count)], { stdio: "inherit" })
    child.on("close", (code) => resolve(code ?? -1))
  })
}

describe("the tasks file", () => {
  it("starts empty when there is no file yet", async () => {
    expect(await readTasks(home)).toEqual({ revision: 0, tasks: [] })
  })

  it("increments the revision on every write", async () => {
    const ctx = fixedContext()
    await mutateTasks(home, (tasks) => createTask(tasks, { title: "one" }, ctx))
    const { snapshot } = await mutateTasks(home, (tasks) => createTask(tasks, { title: "two" }, ctx))
    expect(snapshot.revision).toBe(2)
    expect(readListOnDisk(home).revision).toBe(2)
  })

  it("writes files 0600 in folders 0700", async () => {
    const nested = join(home, "nested")
    await mutateTasks(nested, (tasks) => createTask(tasks, { title: "one" }, fixedContext()))
    expect(statSync(join(nested, "tasks.json")).mode & 0o777).toBe(0o600)
    expect(statSync(nested).mode & 0o777).toBe(0o700)
  })

  it("refuses to replace a non-empty list with an empty one unless it is an explicit delete", async () => {
    await mutateTasks(home, (tasks) => createTask(tasks, { title: "keep me" }, fixedContext()))
    await expect(mutateTasks(home, () => ({ tasks: [], result: null }))).rejects.toThrow(/refusing to replace a non-empty task list/)
    expect((await readTasks(home)).tasks).toHaveLength(1)
    await mutateTasks(home, () => ({ tasks: [], result: null, explicitDelete: true }))
    expect((await readTasks(home)).tasks).toHaveLength(0)
  })

  it("keeps a backup of every base written in full, the newest included; the journal holds the changes since", async () => {
    const ctx = fixedContext()
    for (let i = 0; i < 14; i++) await mutateTasks(home, (tasks) => createTask(tasks, { title: `t${i}` }, ctx))
    const backups = readdirSync(join(home, "backups")).filter((n) => n.startsWith("tasks.json."))
    const onDisk = readListOnDisk(home)
    expect(onDisk.revision).toBe(14)
    expect(onDisk.applied).toBe(14 - onDisk.baseRevision)
    const newest = JSON.parse(readFileSync(join(home, "backups", backups.sort().at(-1)!), "utf8"))
    expect(newest.revision).toBe(onDisk.baseRevision)
    expect(readFileSync(join(home, "backups", backups.sort().at(-1)!), "utf8")).toBe(readFileSync(join(home, "tasks.json"), "utf8"))
  })

  it("keeps at most BACKUPS_KEPT backups, newest first", async () => {
    const ctx = fixedContext()
    // A reordering is not a set of puts and deletes: each one is written as a whole base.
    for (let i = 0; i < 14; i++) {
      await mutateTasks(home, (tasks) => {
        const created = createTask(tasks, { title: `t${i}` }, ctx)
        return { ...created, tasks: [...created.tasks].reverse() }
      })
    }
    const backups = readdirSync(join(home, "backups")).filter((n) => n.startsWith("tasks.json."))
    expect(backups).toHaveLength(10)
    expect(JSON.parse(readFileSync(join(home, "backups", backups.sort().at(-1)!), "utf8")).revision).toBe(14)
  })

  it("fills in fields a hand-written file leaves out, on every read", async () => {
    const handWritten = { version: 1, revision: 3, tasks: [{ id: "t1", title: "by hand", status: "todo", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" }] }
    writeFileSync(join(home, "tasks.json"), JSON.stringify(handWritten))
    for (let read = 0; read < 2; read++) {
      const [task] = (await readTasks(home)).tasks
      expect(task).toMatchObject({ tags: [], priority: "none", notes: [], timeEntries: [], blockedBy: [] })
    }
  })

  it("reports a corrupt file by name and field and leaves it byte-for-byte unchanged", async () => {
    const bad = JSON.stringify({ version: 1, revision: 4, tasks: [{ id: "x", title: "ok", status: "bogus", createdAt: "a", updatedAt: "b" }] })
    writeFileSync(join(home, "tasks.json"), bad)
    const error = await mutateTasks(home, (tasks) => createTask(tasks, { title: "new" }, fixedContext())).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    expect((error as TskError).message).toMatch(/tasks\.json is invalid: tasks\[0\]\.status/)
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe(bad)
  })

  it("loses nothing when several processes add tasks at once", async () => {
    const workers = 8
    const perWorker = 15
    const codes = await Promise.all(Array.from({ length: workers }, (_, w) => spawnWorker(w, perWorker)))
    expect(codes.every((c) => c === 0)).toBe(true)
    const { tasks, revision } = await readTasks(home)
    expect(tasks).toHaveLength(workers * perWorker)
    expect(new Set(tasks.map((t) => t.title)).size).toBe(workers * perWorker)
    expect(revision).toBe(workers * perWorker)
  })
})

describe("a long-lived store beside other writers", () => {
  it("does not lose a CLI write made while it held an older copy", async () => {
    const longLived = createAppStore({ home })
    await longLived.getState().addTask({ title: "from the TUI" })
    expect(runTsk(home, ["add", "from the CLI"]).code).toBe(0)
    // The long-lived store still holds the old copy; its next write must be applied to the file.
    expect(longLived.getState().tasks).toHaveLength(1)
    await longLived.getState().addTask({ title: "also from the TUI" })
    const titles = (await readTasks(home)).tasks.map((t) => t.title).sort()
    expect(titles).toEqual(["also from the TUI", "from the CLI", "from the TUI"])
    expect(longLived.getState().tasks).toHaveLength(3)
  })

  it("sees an edit made in place with the same size (same inode)", async () => {
    const store = createAppStore({ home })
    await store.getState().addTask({ title: "aaaa" })
    const file = join(home, "tasks.json")
    await new Promise((r) => setTimeout(r, 5))
    writeFileSync(file, readFileSync(file, "utf8").replace('"title":"aaaa"', '"title":"bbbb"'))
    await store.getState().addTask({ title: "next" })
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["bbbb", "next"])
  })

  it("reloads when another process changes the file", async () => {
    const store = createAppStore({ home })
    await store.getState().reload()
    const stop = store.getState().watch()
    try {
      await new Promise((r) => setTimeout(r, 150))
      expect(await spawnWorker(2, 1)).toBe(0)
      const deadline = Date.now() + 3000
      while (store.getState().tasks.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(store.getState().tasks.map((t) => t.title)).toEqual(["worker 2 task 0"])
    } finally {
      await stop()
    }
  })

  it("goes read-only with the reason when the file is corrupt", async () => {
    mkdirSync(home, { recursive: true })
    writeFileSync(join(home, "tasks.json"), "{ not json")
    const store = createAppStore({ home })
    await store.getState().reload()
    expect(store.getState().loadError?.message).toMatch(/tasks\.json is not valid JSON/)
    await expect(store.getState().addTask({ title: "x" })).rejects.toThrow(/tasks\.json/)
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe("{ not json")
  })
})
