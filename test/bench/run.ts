// npm run bench: measures the speed targets (DESIGN section 12, issue 11) and prints a table (and
// JSON with --json). Each section is a module. Process rows are medians of several runs with the
// fastest and slowest run beside them, and a ratio to the floor (a bare Bun process reading and
// parsing the same tasks.json) measured in the same run, right before each sample.
import { benchTaskCommands } from "./tasks-bench.ts"
import { benchKeepCurrent } from "./current-bench.ts"
import { benchIdleRunner } from "./runner-bench.ts"
import { benchBridge } from "./bridge-bench.ts"
import { benchSimMachine } from "./machine-bench.ts"
import { benchHook } from "./hook-bench.ts"
import { benchMemory } from "./memory-bench.ts"
import { benchTui } from "./tui-bench.ts"
import { benchMcp } from "./mcp-bench.ts"
import type { Figure } from "./bench-helpers.ts"

const sections: Array<[string, () => Figure[] | Promise<Figure[]>]> = [
  ["CLI beside the floor", () => benchTaskCommands()],
  ["tasks.json current without a runner", () => benchKeepCurrent()],
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
const failed: string[] = []
for (const [title, run] of chosen) {
  console.error(`… ${title}`)
  try {
    all.push(...(await run()))
  } catch (error) {
    // The other sections still report; the run ends with a failure exit code.
    console.error(`bench section '${title}' failed: ${error instanceof Error ? error.message : String(error)}`)
    failed.push(title)
  }
}
if (failed.length > 0) process.exitCode = 1

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`
}

if (process.argv.includes("--json")) console.log(JSON.stringify(all, null, 2))
else {
  // A Markdown table, so the README's figures are this output as it is.
  console.log(row(["measure", "median", "spread (min–max)", "× floor", "× floor (CPU)", "target"]))
  console.log(row(["---", "---:", "---", "---:", "---:", "---"]))
  for (const f of all) {
    const verdict = f.pass === undefined ? "" : f.pass ? " (met)" : " **(missed)**"
    console.log(
      row([
        f.name,
        `${f.value} ${f.unit}`,
        f.spread ? `${f.spread[0]}–${f.spread[1]} ${f.unit}` : "–",
        f.ratio === undefined ? "–" : `${f.ratio}×`,
        f.cpuRatio === undefined ? "–" : `${f.cpuRatio}×`,
        f.target ? `${f.target}${verdict}` : "–",
      ]),
    )
  }
}
