// Benchmark helper: the wall and CPU time of `tsk hook` processes, from spawn to exit, fed a
// realistic sequence of Claude Code hook events, each run right after a bare Bun start (`bun -e
// 0`, the floor) so both see the same machine load. Spawns the launcher `bin/tsk hook` (the path
// an installed hook takes), `bun src/main.ts hook` (the sources' entry point) or the hook module
// directly (`bun src/cli/hook-command.ts`). The report's `command` says which one was measured.
import { existsSync } from "node:fs"
import { join } from "node:path"

const PROJECT_ROOT = join(import.meta.dirname, "..", "..")

export interface HookLatencyOptions {
  /** TSK_HOME for the spawned hooks (a temporary folder). */
  home: string
  runs?: number
  /**
   * `launcher`: `bin/tsk hook`, as installed hooks run it; `main`: through the sources' entry
   * point; `direct`: the hook module alone. Default: main when it works.
   */
  entry?: "launcher" | "main" | "direct"
  bun?: string
}

export interface HookLatencyReport {
  command: string
  runs: number
  medianMs: number
  p95Ms: number
  maxMs: number
  samplesMs: number[]
  /** Median CPU time (user + system) of a hook process, ms. */
  cpuMedianMs: number
  /** Median wall time of the bare Bun start (`bun -e 0`) run before each hook. */
  floorMedianMs: number
  /** Median of the per-pair ratios of hook to bare Bun start: wall time, and CPU time. */
  ratio: number
  cpuRatio: number
}

const EVENTS = [
  { hook_event_name: "SessionStart", source: "startup" },
  { hook_event_name: "UserPromptSubmit", prompt: "Add a CSV export" },
  { hook_event_name: "PreToolUse", tool_name: "Bash" },
  // With no TUI watching it records the request and answers nothing, without waiting.
  { hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "npm test" }, permission_mode: "default" },
  { hook_event_name: "Notification", notification_type: "permission_prompt", message: "Claude needs your permission to use Bash" },
  { hook_event_name: "PostToolUse", tool_name: "Bash" },
  { hook_event_name: "Stop" },
]

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const at = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.ceil(p * values.length) - 1)]!

interface Sample {
  ms: number
  cpuMs: number
}

/** One process from spawn to exit, `input` on its stdin; throws when it fails or prints anything. */
function timed(argv: string[], input: string, env: Record<string, string | undefined>): Sample {
  const start = performance.now()
  const result = Bun.spawnSync(argv, { stdin: new TextEncoder().encode(input), stdout: "pipe", stderr: "pipe", env })
  const ms = performance.now() - start
  if (result.exitCode !== 0 || result.stdout.length > 0) {
    throw new Error(`${argv.slice(1).join(" ")} exited ${result.exitCode} and printed ${result.stdout.length} bytes: ${result.stderr.toString().slice(0, 200)}`)
  }
  const cpu = result.resourceUsage?.cpuTime
  return { ms, cpuMs: cpu ? Number(cpu.user + cpu.system) / 1000 : Number.NaN }
}

export function measureHookLatency(options: HookLatencyOptions): HookLatencyReport {
  const bun = options.bun ?? join(PROJECT_ROOT, "node_modules", ".bin", "bun")
  const main = join(PROJECT_ROOT, "src", "main.ts")
  const env = { ...process.env, TSK_HOME: options.home }
  const mainAnswers = () => Bun.spawnSync([bun, main, "hook"], { stdin: new TextEncoder().encode("{}"), stdout: "pipe", stderr: "pipe", env }).exitCode === 0
  const entry = options.entry ?? (existsSync(main) && mainAnswers() ? "main" : "direct")
  const argv =
    entry === "launcher" ? [join(PROJECT_ROOT, "bin", "tsk"), "hook"] : entry === "main" ? [bun, main, "hook"] : [bun, join(PROJECT_ROOT, "src", "cli", "hook-command.ts")]
  const runs = options.runs ?? 30
  const hooks: Sample[] = []
  const floors: Sample[] = []
  for (let i = 0; i < runs; i++) {
    const event = { ...EVENTS[i % EVENTS.length], session_id: "bench-session", cwd: options.home, transcript_path: join(options.home, "t.jsonl") }
    floors.push(timed([bun, "-e", "0"], "", env))
    hooks.push(timed(argv, JSON.stringify(event), env))
  }
  const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
  const samples = hooks.map((s) => s.ms)
  const shown = entry === "launcher" ? argv : ["bun", ...argv.slice(1)]
  return {
    command: shown.map((arg) => arg.replace(PROJECT_ROOT + "/", "")).join(" "),
    runs,
    medianMs: round(at(samples, 0.5)),
    p95Ms: round(at(samples, 0.95)),
    maxMs: round(Math.max(...samples)),
    samplesMs: samples.map((ms) => round(ms)),
    cpuMedianMs: round(at(hooks.map((s) => s.cpuMs), 0.5)),
    floorMedianMs: round(at(floors.map((s) => s.ms), 0.5)),
    ratio: round(at(hooks.map((s, i) => s.ms / floors[i]!.ms), 0.5), 2),
    cpuRatio: round(at(hooks.map((s, i) => s.cpuMs / floors[i]!.cpuMs), 0.5), 2),
  }
}
