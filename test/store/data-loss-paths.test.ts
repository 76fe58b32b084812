// The data-loss paths of issue 10, each reproduced with real separate processes.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT, runTskAsync, runTskJson } from "../helpers/run-tsk.ts"
import { readTasks, serializeTasksFile } from "../../src/store/tasks-repository.ts"
import { withFileLock } from "../../src/store/file-lock.ts"
import { isValidatedStamp } from "../../src/store/validated-stamp.ts"
import { TasksFile, type Task } from "../../src/domain/task.ts"
import { spawnServe } from "../bridge/bridge-helpers.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"

let home: string
let cleanup: () => void
const children: ChildProcess[] = []
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-loss-")))
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  cleanup()
})

interface Worker {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
}

function spawnHelper(script: string, args: string[]): Worker {
  const child = spawn(BUN, [join(PROJECT_ROOT, "test/helpers", script), ...args], { env: { ...process.env, TSK_HOME: home } })
  children.push(child)
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { child, output: () => out, exited }
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const titles = () => readListOnDisk(home).tasks.map((t: Task) => t.title)

describe("issue 10's data-loss paths", () => {
  it("(1) a writer paused inside the lock and resumed after another took over never erases that change", async () => {
    const id = runTskJson<Task>(home, ["add", "original"]).id
    const editor = spawnHelper("lock-holder-worker.ts", [home, "300", "edit", id, "edited"])
    await until(() => editor.output().includes("inside"), "the editor to hold the lock")
    editor.child.kill("SIGSTOP")
    const add = await runTskAsync(home, ["add", "confirmed meanwhile", "--json"])
    expect(add.code).toBe(0)
    editor.child.kill("SIGCONT")
    await editor.exited
    expect(titles().sort()).toEqual(["confirmed meanwhile", "edited"])
  })

  it("(4) rm PARENT without --force refuses when a subtask was added while it waited for the lock", async () => {
    const parent = runTskJson<Task>(home, ["add", "parent"])
    const adder = spawnHelper("lock-holder-worker.ts", [home, "1500", "add-subtask", parent.id, "child added at the same moment"])
    await until(() => adder.output().includes("inside"), "the subtask writer to hold the lock")
    const rm = await runTskAsync(home, ["rm", parent.id.slice(0, 8), "--json"])
    await adder.exited
    expect(rm.code).toBe(4)
    expect(rm.stdout).toMatch(/has 1 subtask; add --force/)
    expect(titles().sort()).toEqual(["child added at the same moment", "parent"])
  })

  it("(5) a lock left by a killed process is taken at once, not after the stale time", async () => {
    runTskJson(home, ["add", "one"])
    const holder = spawnHelper("lock-holder-worker.ts", [home, "60000", "edit", "one", "never"])
    await until(() => holder.output().includes("inside"), "the holder to take the lock")
    holder.child.kill("SIGKILL")
    await holder.exited
    // Well below the 5 s stale time: only recognising the dead holder gets the lock in time.
    await expect(withFileLock(join(home, "tasks.json"), async () => "taken", 1000)).resolves.toBe("taken")
  })

  it("(6) the validation stamp never vouches for a file swapped in while a read validated another", async () => {
    const task = (n: number, status: string) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, title: `task ${n}`, description: "", status, priority: "none",
      project: null, tags: [], dueDate: null, parentId: null, blockedBy: [], notes: [], timeEntries: [], recurrence: null,
      createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", completedAt: null,
    })
    const valid = TasksFile.parse({ version: 1, revision: 1, tasks: Array.from({ length: 2000 }, (_, n) => task(n, "todo")) })
    const validText = serializeTasksFile({ revision: 1, tasks: valid.tasks })
    const invalidText = validText.replace('"status":"todo"', '"status":"bogus-status"')
    writeFileSync(join(home, "valid.src"), validText)
    writeFileSync(join(home, "invalid.src"), invalidText)
    const file = join(home, "tasks.json")
    const swapper = spawnHelper("file-swapper.ts", [file, join(home, "valid.src"), join(home, "invalid.src")])
    await until(() => existsSync(file), "the swapper to start")
    let vouchedForInvalid = 0
    for (let read = 0; read < 30; read++) {
      await readTasks(home).catch(() => null)
      swapper.child.kill("SIGSTOP")
      await new Promise((resolve) => setTimeout(resolve, 5))
      if ((await isValidatedStamp(file)) && !TasksFile.safeParse(JSON.parse(readFileSync(file, "utf8"))).success) vouchedForInvalid++
      swapper.child.kill("SIGCONT")
    }
    expect(vouchedForInvalid).toBe(0)
  })

  it("(7) SIGTERM stops tsk serve gracefully: exit 0 and runner.json says stopped", async () => {
    const serve = await spawnServe(home)
    children.push(serve.child)
    serve.child.kill("SIGTERM")
    expect(await serve.exited).toBe(0)
    expect(serve.output()).toContain("tsk serve: stopped")
    const status = readRunnerStatus(home)
    expect({ running: status.running, stale: status.stale }).toEqual({ running: false, stale: false })
    expect(JSON.parse(readFileSync(join(home, "runner.json"), "utf8")).state).toBe("stopped")
  })
})
