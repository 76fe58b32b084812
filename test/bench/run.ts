// npm run bench: measures the speed targets (DESIGN section 12) and prints a table (and JSON with
// --json); a whole run also writes docs/performance.md. Each section is a module. Process rows are medians of several runs with the
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
import { benchSync } from "./sync-bench.ts"
import type { Figure } from "./bench-helpers.ts"
import { readFileSync, writeFileSync } from "node:fs"
import { cpus, totalmem } from "node:os"

const sections: Array<[string, () => Figure[] | Promise<Figure[]>]> = [
  ["CLI beside the floor", () => benchTaskCommands()],
  ["tasks.json current without a runner", () => benchKeepCurrent()],
  ["TUI on 10,000 tasks", () => benchTui()],
  ["agent bridge", () => benchBridge()],
  ["MCP server and tsk prime on 10,000 tasks", () => benchMcp()],
  ["Claude Code hook", () => benchHook()],
  ["agent memory", () => benchMemory()],
  ["simulated C64", () => benchSimMachine()],
  ["sync through git at 10,000 tasks", () => benchSync()],
  ["runner with C64 background reads (about 80 s)", () => benchIdleRunner()],
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

function table(figures: Figure[]): string {
  const lines = [row(["measure", "median", "spread (min–max)", "× floor", "× floor (CPU)", "target"]), row(["---", "---:", "---", "---:", "---:", "---"])]
  for (const f of figures) {
    const verdict = f.pass === undefined ? "" : f.pass ? " (met)" : " **(missed)**"
    lines.push(
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
  return lines.join("\n")
}

if (process.argv.includes("--json")) console.log(JSON.stringify(all, null, 2))
else console.log(table(all))

// A whole run writes docs/performance.md: how each row is measured, then this run's table.
if (only.length === 0 && !process.argv.includes("--json")) {
  const root = new URL("../../", import.meta.url)
  const intro = readFileSync(new URL("test/bench/performance-intro.md", root), "utf8")
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`
  const when = new Date().toISOString().slice(0, 10)
  writeFileSync(new URL("docs/performance.md", root), `${intro}\nFrom \`npm run bench\` of ${when} on ${machine}.\n\n${table(all)}\n`)
  console.error("wrote docs/performance.md")
}
