// `tsk` reads the list to draw its first screen before the app loads (src/cli/first-paint.ts) and
// hands that read to the app's store (firstRead), with what the files were before it. A change
// another process makes after that read, while the app loads, must still reach the app.
import { afterEach, describe, expect, it } from "vitest"
import { createAppStore, readTasksIdentity, tasksIdentity } from "../../src/store/app-store.ts"
import { homePaths } from "../../src/store/paths.ts"
import { readTasks } from "../../src/store/tasks-read.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk } from "../helpers/run-tsk.ts"

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const titles = (store: ReturnType<typeof createAppStore>) => store.getState().tasks.map((task) => task.title)

describe("the app's store given the first screen's read", () => {
  it("takes that read as its first load and picks up a task another process added after it", async () => {
    const { home, cleanup } = makeTempHome()
    cleanups.push(cleanup)
    expect(runTsk(home, ["add", "one"]).code).toBe(0)
    const paths = homePaths(home)
    // As the first screen takes it (through Bun's file API), which must be the store's own record.
    const seen = await readTasksIdentity(paths)
    expect(seen).toBe(tasksIdentity(paths))
    const snapshot = await readTasks(paths)
    // Written while the app loads: after the first screen's read, before the store watches.
    expect(runTsk(home, ["add", "two"]).code).toBe(0)
    const store = createAppStore({ home, firstRead: { snapshot, seen } })
    await store.getState().reload()
    expect(titles(store)).toEqual(["one"])
    const stop = store.getState().watch({ pollMs: 20 })
    try {
      for (let waited = 0; !titles(store).includes("two"); waited++) {
        expect(waited, "the store never read the task added while the app loaded").toBeLessThan(3000)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    } finally {
      await stop()
    }
    expect(titles(store)).toEqual(["one", "two"])
  })

  it("records the files as the store does, with and without a journal or a list", async () => {
    const { home, cleanup } = makeTempHome()
    cleanups.push(cleanup)
    const paths = homePaths(home)
    expect(await readTasksIdentity(paths)).toBe(tasksIdentity(paths))
    expect(runTsk(home, ["add", "one"]).code).toBe(0)
    expect(await readTasksIdentity(paths)).toBe(tasksIdentity(paths))
  })
})
