// Runs the `git` command: tsk's sync never reimplements git, it drives it. No prompt ever waits
// for a person (a runner has no terminal), git's own credential helpers and transports apply, and
// a missing git is a clear error of kind `io`.
import { TskError } from "../domain/errors.ts"

export interface GitResult {
  code: number
  stdout: Buffer
  stderr: string
}

export interface GitOptions {
  /** The repository (`--git-dir`); absent for commands that take a path of their own. */
  gitDir?: string
  cwd?: string
  input?: string | Uint8Array
  /** A non-zero exit is returned instead of thrown. */
  allowFail?: boolean
  /** Network commands get a bound: a remote that never answers is an error, not a hang. */
  timeoutMs?: number
}

/** Who tsk's commits name: git's usual variables, else "tsk on <host>". */
export function committer(): { name: string; email: string } {
  const host = process.getBuiltinModule("node:os").hostname()
  return { name: process.env.GIT_COMMITTER_NAME ?? `tsk on ${host}`, email: process.env.GIT_COMMITTER_EMAIL ?? `tsk@${host}` }
}

function gitEnv(): Record<string, string> {
  const { name, email } = committer()
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  return {
    ...env,
    GIT_TERMINAL_PROMPT: "0",
    GIT_AUTHOR_NAME: env.GIT_AUTHOR_NAME ?? name,
    GIT_AUTHOR_EMAIL: env.GIT_AUTHOR_EMAIL ?? email,
    GIT_COMMITTER_NAME: env.GIT_COMMITTER_NAME ?? name,
    GIT_COMMITTER_EMAIL: env.GIT_COMMITTER_EMAIL ?? email,
  }
}

let cachedEnv: Record<string, string> | null = null

export const gitMissing = () => new TskError("io", "git is not installed (or not on PATH): tsk sync runs the git command; install git and try again")

/** The first lines of git's complaint, for a message. */
export function gitComplaint(result: GitResult): string {
  const text = result.stderr.trim() || result.stdout.toString("utf8").trim()
  return text.split("\n").slice(0, 3).join(" ").slice(0, 300) || `git exited with ${result.code}`
}

export async function git(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const argv = ["git", ...(options.gitDir ? [`--git-dir=${options.gitDir}`] : []), ...args]
  let child: ReturnType<typeof Bun.spawn>
  try {
    child = Bun.spawn(argv, {
      cwd: options.cwd,
      env: (cachedEnv ??= gitEnv()),
      stdin: options.input === undefined ? "ignore" : new Blob([options.input]),
      stdout: "pipe",
      stderr: "pipe",
      ...(options.timeoutMs ? { timeout: options.timeoutMs, killSignal: "SIGKILL" as const } : {}),
    })
  } catch (error) {
    if (/not found|ENOENT/i.test(String((error as Error).message ?? error))) throw gitMissing()
    throw error
  }
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout as ReadableStream).arrayBuffer(),
    new Response(child.stderr as ReadableStream).text(),
    child.exited,
  ])
  const result: GitResult = { code, stdout: Buffer.from(stdout), stderr }
  if (code !== 0 && !options.allowFail) throw new TskError("io", `git ${args[0]} failed: ${gitComplaint(result)}`)
  return result
}

/** git's answer as trimmed text. */
export async function gitText(args: readonly string[], options: GitOptions = {}): Promise<string> {
  return (await git(args, options)).stdout.toString("utf8").trim()
}
