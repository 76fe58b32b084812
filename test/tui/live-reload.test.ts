import { afterEach, describe, expect, it } from "vitest"
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createAppStore } from "../../src/store/app-store.ts"
import { headRevision, startLiveReload } from "../../src/tui/live-reload.ts"
import { makeHome } from "./app-harness.tsx"

const homes: string[] = []
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function counted() {
  const home = makeHome()
  homes.push(home)
  const store = createAppStore({ home })
  await store.getState().addTask({ title: "first" })
  await store.getState().reload()
  let reloads = 0
  const reload = store.getState().reload
  store.setState({ reload: () => (reloads++, reload()) })
  return { home, store, reloads: () => reloads }
}

describe("live reload", () => {
  it("reads the revision from the head of tasks.json", async () => {
    const { home } = await counted()
    expect(headRevision(join(home, "tasks.json"))).toBe(1)
    expect(headRevision(join(home, "missing.json"))).toBeNull()
  })

  it("picks up another process's change within 500 ms", async () => {
    const { home, store } = await counted()
    const stop = startLiveReload(store, { intervalMs: 100, watch: false })
    try {
      await createAppStore({ home }).getState().addTask({ title: "from elsewhere" })
      const written = Date.now()
      while (!store.getState().tasks.some((t) => t.title === "from elsewhere")) {
        expect(Date.now() - written).toBeLessThan(500)
        await sleep(10)
      }
    } finally {
      await stop()
    }
  })

  it("does not reload after the store's own writes", async () => {
    const { store, reloads } = await counted()
    const stop = startLiveReload(store, { intervalMs: 20, watch: false })
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
    const stop = startLiveReload(store, { intervalMs: 20, watch: false })
    try {
      writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { theme: "light", defaultView: "list" } }))
      for (let i = 0; i < 50 && store.getState().config.ui.theme !== "light"; i++) await sleep(10)
      expect(store.getState().config.ui.theme).toBe("light")
    } finally {
      await stop()
    }
  })
})
