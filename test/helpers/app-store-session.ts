// A long-lived store as the TUI holds one (run by test/store/paths-once.test.ts under the
// count-home-paths preload): it loads, adds, changes and polls the list of the home TSK_HOME names.
import { createAppStore } from "../../src/store/app-store.ts"

const store = createAppStore({ home: process.env.TSK_HOME!, actor: "me" })
await store.getState().reload()
const task = await store.getState().addTask({ title: "first" })
await store.getState().setStatus(task.id, "in_progress")
for (let i = 0; i < 3; i++) await store.getState().refresh()
const stop = store.getState().watch({ events: false, pollMs: 60_000 })
await stop()
process.stdout.write(`${JSON.stringify(store.getState().tasks.map((t) => [t.title, t.status]))}\n`)
