// Benchmark helper: the wall time of `tsk hook` processes, from spawn to exit, fed a realistic
// sequence of Claude Code hook events. Spawns `bun src/main.ts hook`; when asked to, or while
// main.ts does not answer `hook` yet, the hook module directly (`bun src/cli/hook-command.ts`).
// The report's `command` says which one was measured.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"

const PROJECT_ROOT = join(import.meta.dirname, "..", "..")

export interface HookLatencyOptions {
  /** TSK_HOME for the spawned hooks (a temporary folder). */
  home: string
  runs?: number
  /** `main`: through the CLI entry point (the installed path); `direct`: the hook module alone. Default: main when it works. */
  entry?: "main" | "direct"
  bun?: string
}

export interface HookLatencyReport {
  command: string
  runs: number
  medianMs: number
  p95Ms: number
  maxMs: number
  samplesMs: number[]
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

export function measureHookLatency(options: HookLatencyOptions): HookLatencyReport {
  const bun = options.bun ?? join(PROJECT_ROOT, "node_modules", ".bin", "bun")
  const main = join(PROJECT_ROOT, "src", "main.ts")
  const env = { ...process.env, TSK_HOME: options.home }
  const mainAnswers = () => spawnSync(bun, [main, "hook"], { input: "{}", env, stdio: ["pipe", "pipe", "pipe"] }).status === 0
  const useMain = options.entry === "main" || (options.entry === undefined && existsSync(main) && mainAnswers())
  const args = useMain ? [main, "hook"] : [join(PROJECT_ROOT, "src", "cli", "hook-command.ts")]
  const runs = options.runs ?? 30
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const event = { ...EVENTS[i % EVENTS.length], session_id: "bench-session", cwd: options.home, transcript_path: join(options.home, "t.jsonl") }
    const start = performance.now()
    const result = spawnSync(bun, args, { input: JSON.stringify(event), env, stdio: ["pipe", "pipe", "pipe"] })
    samples.push(performance.now() - start)
    if (result.status !== 0 || result.stdout.length > 0) {
      throw new Error(`tsk hook exited ${result.status} and printed ${result.stdout.length} bytes: ${String(result.stderr).slice(0, 200)}`)
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    command: `bun ${args.map((arg) => arg.replace(PROJECT_ROOT + "/", "")).join(" ")}`,
    runs,
    medianMs: round(at(samples, 0.5)),
    p95Ms: round(at(samples, 0.95)),
    maxMs: round(Math.max(...samples)),
    samplesMs: samples.map(round),
  }
}
