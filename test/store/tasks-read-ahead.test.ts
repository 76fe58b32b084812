// The TUI starts reading tasks.json before it loads its modules (src/store/tasks-read-ahead.ts):
// a stamped file's text is read ahead, and used only if the file is still the one read; a file
// another program wrote is checked on a worker thread, which stamps it when it passes the fast
// check, and the TUI's read then trusts the stamp; a file that fails it is left to the read, which
// validates it with the schema as before.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { mutateTasks, readTasks } from "../../src/store/tasks-repository.ts"
import { isValidatedStamp } from "../../src/store/validated-stamp.ts"
import { readTasksAhead, takeReadAhead, type StartCheckWorker } from "../../src/store/tasks-read-ahead.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const file = () => join(home, "tasks.json")

/** Starts the real worker and counts the starts. */
function countingStarter(): { start: StartCheckWorker; started: () => number } {
  let count = 0
  return {
    start: (url) => {
      count++
      return new Worker(url)
    },
    started: () => count,
  }
}

describe("the read of tasks.json ahead of the TUI's store", () => {
  it("checks a file another program wrote on a worker, which stamps it before the read looks", async () => {
    const tasks = [makeTask({ id: "t1", title: "first" }), makeTask({ id: "t2", title: "second", order: 1 })]
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 3, tasks }))
    expect(await isValidatedStamp(file())).toBe(false)
    const worker = countingStarter()
    await readTasksAhead(home, worker.start)
    expect(worker.started()).toBe(1)
    expect(await isValidatedStamp(file())).toBe(true)
    expect(await readTasks(home)).toEqual({ revision: 3, tasks })
  })

  it("leaves a file the schema must fill in unstamped, and the read still fills it in", async () => {
    const { description: _, ...partial } = makeTask({ id: "t1", title: "  spaced  " })
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 2, tasks: [partial] }))
    await readTasksAhead(home, countingStarter().start)
    expect(await isValidatedStamp(file())).toBe(false)
    expect((await readTasks(home)).tasks[0]).toMatchObject({ description: "", title: "spaced" })
  })

  it("makes the read wait for the worker it started", async () => {
    const tasks = [makeTask({ id: "t1", title: "first" })]
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 1, tasks }))
    const order: string[] = []
    void readTasksAhead(home, (url) => {
      const worker = new Worker(url)
      worker.addEventListener("message", () => order.push("worker answered"))
      return worker
    })
    const read = await readTasks(home)
    order.push("read")
    expect(order).toEqual(["worker answered", "read"])
    expect(read.tasks).toEqual(tasks)
  })

  it("reads a stamped file's text ahead, without a worker, and the read uses it", async () => {
    const tasks = [makeTask({ id: "t1", title: "first" })]
    await mutateTasks(home, () => ({ tasks, result: null }))
    expect(await isValidatedStamp(file())).toBe(true)
    const worker = countingStarter()
    await readTasksAhead(home, worker.start)
    expect(worker.started()).toBe(0)
    const ahead = await takeReadAhead(file())
    expect(JSON.parse(await ahead!.text).tasks).toEqual(tasks)
  })

  it("reads again when the file changed after its text was read ahead", async () => {
    await mutateTasks(home, () => ({ tasks: [makeTask({ id: "t1", title: "before" })], result: null }))
    await readTasksAhead(home)
    const after = [makeTask({ id: "t1", title: "after" })]
    await mutateTasks(home, () => ({ tasks: after, result: null }))
    expect((await readTasks(home)).tasks).toEqual(after)
  })

  it("leaves the read to validate when no worker can start", async () => {
    const tasks = [makeTask({ id: "t1", title: "first" })]
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 1, tasks }))
    await readTasksAhead(home, () => {
      throw new Error("no threads here")
    })
    expect(await readTasks(home)).toEqual({ revision: 1, tasks })
  })
})
