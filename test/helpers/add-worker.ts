// A separate process that adds tasks through the store, for the concurrency tests.
// Usage: bun add-worker.ts <home> <worker> <count>
import { createAppStore } from "../../src/store/app-store.ts"

const [home, worker, count] = process.argv.slice(2)
const store = createAppStore({ home: home! })
for (let i = 0; i < Number(count); i++) await store.getState().addTask({ title: `worker ${worker} task ${i}` })
