// Runs in its own process with NODE_ENV=production (as `tsk` runs React): the TUI on 10,000 tasks
// on OpenTUI's test renderer. Prints the figures as JSON on stdout.
import { makeBenchHome } from "./tasks-bench.ts"
import { measureTui } from "../tui/tui-bench.tsx"

const { home, cleanup } = makeBenchHome(10_000)
try {
  const moves = await measureTui({ home, keys: ["j"], presses: 200 })
  const toggles = await measureTui({ home, keys: ["d"], presses: 40 })
  console.log(JSON.stringify({ moves, toggles }))
} finally {
  cleanup()
}
