// Runs in its own process with NODE_ENV=production (as `tsk` runs React): the TUI on 10,000 tasks
// on OpenTUI's test renderer. Prints the figures as JSON on stdout.
import { makeBenchHome } from "./tasks-bench.ts"
import { measureTui } from "../tui/tui-bench.tsx"
import { measureOsPanel } from "../tui/os-panel-bench.tsx"

const { home, cleanup } = await makeBenchHome(10_000)
try {
  const moves = await measureTui({ home, keys: ["j"], presses: 200 })
  const toggles = await measureTui({ home, keys: ["d"], presses: 40 })
  const osPanel = await measureOsPanel({ home, cycles: 3 })
  console.log(JSON.stringify({ moves, toggles, osPanel: { fromExitMs: osPanel.fromExitMs, fromStartMs: osPanel.fromStartMs } }))
} finally {
  cleanup()
}
