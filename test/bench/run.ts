// npm run bench: measures the quality bars of DESIGN section 12 and prints a table (and JSON with
// --json). Each section is a module; figures are medians of several runs on this machine.
import { benchTaskCommands } from "./tasks-bench.ts"
import { benchBridge, benchIdleRunner } from "./runner-bench.ts"
import { benchSimMachine } from "./machine-bench.ts"
import { benchHook } from "./hook-bench.ts"
import type { Figure } from "./bench-helpers.ts"

const sections: Array<[string, () => Figure[] | Promise<Figure[]>]> = [
  ["CLI on 10,000 tasks", () => benchTaskCommands()],
  ["agent bridge", () => benchBridge()],
  ["Claude Code hook", () => benchHook()],
  ["simulated C64", () => benchSimMachine()],
  ["runner with C64 background reads (30 s)", () => benchIdleRunner()],
]

const all: Figure[] = []
for (const [title, run] of sections) {
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
