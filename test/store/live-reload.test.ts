import { afterEach, describe, expect, it } from "vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { createAppStore } from "../../src/store/app-store.ts"
import { readHeadRevision } from "../../src/store/tasks-repository.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { spawnSync } from "node:child_process"

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once `store` holds a task titled `title`; fails the test after `withinMs`. */
async function shows(store: ReturnType<typeof createAppStore>, title: string, withinMs: number): Promise<void> {
  const since = Date.now()
  while (!store.getState().tasks.some((t) => t.title === title)) {
    expect(Date.now() - since).toBeLessThan(withinMs)
    await sleep(10)
  }
}

async function counted() {
  const { home, cleanup } = makeTempHome()
  cleanups.push(cleanup)
  const store = createAppStore({ home })
  await store.getState().addTask({ title: "first" })
  await store.getState().reload()
  let reloads = 0
  const reload = store.getState().reload
  store.setState({ reload: () => (reloads++, reload()) })
  return { home, store, reloads: () => reloads }
}

describe("a long-lived store watching its files", () => {
  it("reads the revision from the head of tasks.json", async () => {
    const { home } = await counted()
    expect(readHeadRevision(join(home, "tasks.json"))).toBe(1)
    expect(readHeadRevision(join(home, "missing.json"))).toBeNull()
  })

  it("picks up another process's change within 500 ms from file events alone", async () => {
    const { home, store } = await counted()
    const stop = store.getState().watch({ pollMs: 60_000 })
    try {
      for (let i = 0; i < 3; i++) {
        const child = spawnSync(BUN, [join(PROJECT_ROOT, "test/helpers/add-worker.ts"), home, `w${i}`, "1"])
        expect(child.status).toBe(0)
        const written = Date.now()
        while (!store.getState().tasks.some((t) => t.title === `worker w${i} task 0`)) {
          expect(Date.now() - written).toBeLessThan(500)
          await sleep(10)
        }
      }
    } finally {
      await stop()
    }
  })

  it("picks up a change made between its read and the start of its watch (the TUI's launch)", async () => {
    const { home, store } = await counted()
    await createAppStore({ home }).getState().addTask({ title: "while it started" })
    const stop = store.getState().watch({ pollMs: 20, events: false })
    try {
      await shows(store, "while it started", 500)
    } finally {
      await stop()
    }
  })

  it("picks up another process's change within 500 ms from the poll alone", async () => {
    const { home, store } = await counted()
    const stop = store.getState().watch({ pollMs: 100, events: false })
    try {
      await createAppStore({ home }).getState().addTask({ title: "from elsewhere" })
      await shows(store, "from elsewhere", 500)
    } finally {
      await stop()
    }
  })

  it("does not reload after the store's own writes", async () => {
    const { store, reloads } = await counted()
    const stop = store.getState().watch({ pollMs: 20 })
    try {
      await store.getState().addTask({ title: "mine" })
      await sleep(150)
      expect(reloads()).toBe(0)
    } finally {
      await stop()
    }
  })

  it("reloads when config.json changes, so the theme follows tsk config set", async () => {
    const { home, store } = await counted()
    const stop = store.getState().watch({ pollMs: 20 })
    try {
      writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { theme: "light", defaultView: "list" } }))
      for (let i = 0; i < 50 && store.getState().config.ui.theme !== "light"; i++) await sleep(10)
      expect(store.getState().config.ui.theme).toBe("light")
    } finally {
      await stop()
    }
  })
})
