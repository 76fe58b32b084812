// npm run bench: measures the quality bars of DESIGN section 12 and prints a table (and JSON with
// --json). Each section is a module; figures are medians of several runs on this machine.
import { benchTaskCommands } from "./tasks-bench.ts"
import { benchBridge, benchIdleRunner } from "./runner-bench.ts"
import { benchSimMachine } from "./machine-bench.ts"
import { benchHook } from "./hook-bench.ts"
import { benchMemory } from "./memory-bench.ts"
import { benchTui } from "./tui-bench.ts"
import { benchMcp } from "./mcp-bench.ts"
import type { Figure } from "./bench-helpers.ts"

const sections: Array<[string, () => Figure[] | Promise<Figure[]>]> = [
  ["CLI on 10,000 tasks", () => benchTaskCommands()],
  ["TUI on 10,000 tasks", () => benchTui()],
  ["agent bridge", () => benchBridge()],
  ["MCP server and tsk prime on 10,000 tasks", () => benchMcp()],
  ["Claude Code hook", () => benchHook()],
  ["agent memory", () => benchMemory()],
  ["simulated C64", () => benchSimMachine()],
  ["runner with C64 background reads (30 s)", () => benchIdleRunner()],
]

// `npm run bench -- tui bridge` runs only the sections whose title contains one of the words.
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"))
const chosen = only.length === 0 ? sections : sections.filter(([title]) => only.some((w) => title.toLowerCase().includes(w.toLowerCase())))

const all: Figure[] = []
for (const [title, run] of chosen) {
  console.error(`… ${title}`)
  const figures = await run()
  all.push(...figures)
}
if (process.argv.includes("--json")) console.log(JSON.stringify(all, null, 2))
else {
  const width = Math.max(...all.map((f) => f.name.length))
  for (const f of all) {
    const verdict = f.pass === undefined ? "" : f.pass ? "  ok" : "  MISSED"
    console.log(`${f.name.padEnd(width)}  ${String(f.value).padStart(8)} ${f.unit.padEnd(4)} ${f.target ? `(target ${f.target})` : ""}${verdict}`)
  }
}
