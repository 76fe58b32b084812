// Run the real CLI as a separate process, the way a person or an agent does.
import { spawn, spawnSync } from "node:child_process"
import { join } from "node:path"

export const PROJECT_ROOT = join(import.meta.dirname, "..", "..")
export const BUN = join(PROJECT_ROOT, "node_modules", ".bin", "bun")
export const MAIN = join(PROJECT_ROOT, "src", "main.ts")

export interface TskResult {
  code: number
  stdout: string
  stderr: string
}

function childEnv(home: string, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // No background compactor (store/background-compaction.ts) unless a test asks for one: tests
  // look at tasks.journal between commands.
  return { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1", TSK_BACKGROUND_COMPACTION: "0", ...env }
}

export function runTsk(home: string, args: string[], env: Record<string, string | undefined> = {}, input?: string): TskResult {
  const result = spawnSync(BUN, [MAIN, ...args], { env: childEnv(home, env), encoding: "utf8", input, timeout: 60_000 })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

export function runTskAsync(home: string, args: string[], env: Record<string, string | undefined> = {}): Promise<TskResult> {
  return new Promise((resolve) => {
    const child = spawn(BUN, [MAIN, ...args], { env: childEnv(home, env) })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

export function runTskJson<T = unknown>(home: string, args: string[], env: Record<string, string | undefined> = {}): T {
  const result = runTsk(home, [...args, "--json"], env)
  if (result.code !== 0) throw new Error(`tsk ${args.join(" ")} exited ${result.code}: ${result.stdout}${result.stderr}`)
  return JSON.parse(result.stdout) as T
}
