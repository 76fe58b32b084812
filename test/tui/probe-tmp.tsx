import { mkdtempSync } from "node:fs"
import { measureTui, seedBenchTasks } from "./tui-bench.tsx"
const home = process.argv[2] ?? mkdtempSync("/tmp/tsk-probe-")
if (!process.argv[2]) await seedBenchTasks(home, 10000)
for (let i = 0; i < 3; i++) console.log(JSON.stringify(await measureTui({ home, keys: ["d"], presses: 30 })))
process.exit(0)
