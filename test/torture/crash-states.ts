// `npm run crash-states` (part of `npm test`, through crash-states.sh): every crash state of
// `tsk add`, a compaction, an outside merge, a repair, `tsk hook` and a compaction of the session
// rows (with a rotation of their log), as real processes killed by the kernel.
// Each operation runs under strace, which delivers SIGKILL on entering the Nth call of one
// file-changing system call (rename, link, unlink, fsync, ftruncate, mkdir and their *at forms),
// for every N and every such call until the operation runs to its end unkilled. A write shows on disk at the fsync
// that follows it, so these points cover the states a killed process leaves (torn lines, a
// power cut's states, are the journal tests' and `npm run torture`'s).
// From each state real processes carry on: `tsk list` either shows every acknowledged task or
// refuses (exit 1); then `tsk doctor --repair` (if it refused), and a new `tsk add` must both
// succeed, and the list then holds every acknowledged task and the new one. For the session rows:
// the fold shows every acknowledged session, and a new hook and a new compaction both succeed.
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const ROOT = join(import.meta.dirname, "..", "..")
const BUN = join(ROOT, "node_modules", ".bin", "bun")
const MAIN = join(ROOT, "src", "main.ts")
const SYSCALLS = ["rename", "renameat", "renameat2", "link", "linkat", "unlink", "unlinkat", "fsync", "fdatasync", "ftruncate", "mkdir", "mkdirat"]

const env = (home: string) => ({ ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1", TSK_BACKGROUND_COMPACTION: "0" })

function tsk(home: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(BUN, [MAIN, ...args], { env: env(home), encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function mustTsk(home: string, args: string[]): string {
  const r = tsk(home, args)
  if (r.code !== 0) throw new Error(`tsk ${args.join(" ")} exited ${r.code}: ${r.stdout}${r.stderr}`)
  return r.stdout
}

const titles = (stdout: string) => (JSON.parse(stdout) as Array<{ title: string }>).map((t) => t.title)

interface Operation {
  name: string
  /** Builds the home the operation starts from; answers the titles acknowledged before it. */
  prepare(home: string): string[]
  /** The operation as a command line (run under strace). */
  command(home: string): string[]
  /** Titles the operation itself must leave once it ran to its end (checked on the unkilled run). */
  after: string[]
  /** The operation's stdin. */
  input?: string
  /** What real processes read back after a crash (default: the tasks, checkState); failures described. */
  check?: (home: string, acknowledged: string[], context: string) => string[]
  /** What the unkilled run left (default: the titles tsk export gives). */
  left?: (home: string) => string[]
}

const sessionEvent = (id: string) => JSON.stringify({ hook_event_name: "SessionStart", session_id: id, source: "startup" })
const SESSION_FOLD = JSON.stringify(join(ROOT, "src", "os", "session-fold.ts"))
/** A compaction of the session rows that also rotates the log (any log is past 10 bytes). */
const compactSessionsScript = (home: string) => [BUN, "-e", `import { compactSessions } from ${SESSION_FOLD}; if (!compactSessions(${JSON.stringify(join(home, "os"))}, 10)) throw new Error("the sessions lock is held")`]

function hook(home: string, id: string): { code: number | null; stderr: string } {
  const r = spawnSync(BUN, [MAIN, "hook"], { env: env(home), input: sessionEvent(id), encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { code: r.status, stderr: r.stderr }
}

function mustHook(home: string, id: string): void {
  if (hook(home, id).code !== 0 || !sessionIds(home).includes(id)) throw new Error(`tsk hook did not record ${id}`)
}

/** The session ids the fold shows (readers never compact here: foldSessions alone). */
function sessionIds(home: string): string[] {
  const script = `import { foldSessions } from ${SESSION_FOLD}; console.log(JSON.stringify(Object.keys(foldSessions(${JSON.stringify(join(home, "os"))}).file.sessions)))`
  const r = spawnSync(BUN, ["-e", script], { env: env(home), encoding: "utf8", timeout: 60_000 })
  if (r.status !== 0) throw new Error(`the session fold failed: ${r.stderr}`)
  return JSON.parse(r.stdout) as string[]
}

function checkSessions(home: string, acknowledged: string[], context: string): string[] {
  const failures: string[] = []
  const lost = missing(acknowledged, sessionIds(home))
  if (lost.length > 0) failures.push(`${context}: the session rows lost ${lost.join(", ")}`)
  const after = hook(home, "after-the-crash")
  if (after.code !== 0) failures.push(`${context}: tsk hook after the crash exited ${after.code}: ${after.stderr}`)
  const [cmd, ...args] = compactSessionsScript(home)
  const compacted = spawnSync(cmd!, args, { env: env(home), encoding: "utf8", timeout: 60_000 })
  if (compacted.status !== 0) failures.push(`${context}: a compaction after the crash exited ${compacted.status}: ${compacted.stderr}`)
  const gone = missing([...acknowledged, "after-the-crash"], sessionIds(home))
  if (gone.length > 0) failures.push(`${context}: lost the sessions ${gone.join(", ")} for good`)
  return failures
}

const compactScript = (home: string) => [BUN, "-e", `import { compactTasks } from ${JSON.stringify(join(ROOT, "src", "store", "tasks-repository.ts"))}; await compactTasks(${JSON.stringify(home)})`]

function outsideEdit(home: string): void {
  const file = join(home, "tasks.json")
  const value = JSON.parse(readFileSync(file, "utf8")) as { revision: number; tasks: Array<Record<string, unknown>> }
  value.revision += 100
  value.tasks[0]!.title = "base edited outside"
  writeFileSync(join(home, "outside.tmp"), JSON.stringify(value))
  cpSync(join(home, "outside.tmp"), file)
  rmSync(join(home, "outside.tmp"))
}

const OPERATIONS: Operation[] = [
  {
    name: "tsk add",
    prepare: (home) => (["a", "b"].forEach((t) => mustTsk(home, ["add", t])), ["a", "b"]),
    command: () => [BUN, MAIN, "add", "c"],
    after: ["a", "b", "c"],
  },
  {
    name: "compaction",
    prepare: (home) => (["a", "b", "c"].forEach((t) => mustTsk(home, ["add", t])), ["a", "b", "c"]),
    command: compactScript,
    after: ["a", "b", "c"],
  },
  {
    name: "outside merge",
    prepare(home) {
      mustTsk(home, ["add", "base"])
      const r = spawnSync(compactScript(home)[0]!, compactScript(home).slice(1), { env: env(home), encoding: "utf8" })
      if (r.status !== 0) throw new Error(`compaction failed: ${r.stderr}`)
      for (const t of ["J1", "J2"]) mustTsk(home, ["add", t])
      outsideEdit(home)
      return ["base edited outside", "J1", "J2"]
    },
    command: () => [BUN, MAIN, "list", "--json"],
    after: ["base edited outside", "J1", "J2"],
  },
  {
    name: "repair",
    prepare(home) {
      for (const t of ["a", "b", "c", "d"]) mustTsk(home, ["add", t])
      const r = spawnSync(compactScript(home)[0]!, compactScript(home).slice(1), { env: env(home), encoding: "utf8" })
      if (r.status !== 0) throw new Error(`compaction failed: ${r.stderr}`)
      for (const t of ["e", "f"]) mustTsk(home, ["add", t])
      const text = readFileSync(join(home, "tasks.json"), "utf8")
      // Torn inside task d: a repair salvages d from the backups and a..c from the torn file.
      writeFileSync(join(home, "tasks.json"), text.slice(0, text.lastIndexOf('"title":"d"') + 5))
      return ["a", "b", "c", "d", "e", "f"]
    },
    command: () => [BUN, MAIN, "doctor", "--repair"],
    after: ["a", "b", "c", "d", "e", "f"],
  },
  {
    name: "tsk hook",
    prepare(home) {
      for (const id of ["s1", "s2"]) mustHook(home, id)
      return ["s1", "s2"]
    },
    command: () => [BUN, MAIN, "hook"],
    input: sessionEvent("s3"),
    after: ["s1", "s2", "s3"],
    check: checkSessions,
    left: sessionIds,
  },
  {
    name: "session compaction",
    prepare(home) {
      // A log rotated once already (its tail still folded), then two more hooks.
      for (const id of ["s1", "s2", "s3"]) mustHook(home, id)
      const [cmd, ...args] = compactSessionsScript(home)
      const r = spawnSync(cmd!, args, { env: env(home), encoding: "utf8" })
      if (r.status !== 0) throw new Error(`session compaction failed: ${r.stderr}`)
      for (const id of ["s4", "s5"]) mustHook(home, id)
      return ["s1", "s2", "s3", "s4", "s5"]
    },
    command: compactSessionsScript,
    after: ["s1", "s2", "s3", "s4", "s5"],
    check: checkSessions,
    left: sessionIds,
  },
]

export interface CrashStateReport {
  operation: string
  states: number
  failures: string[]
}

function missing(expected: string[], got: string[]): string[] {
  return expected.filter((t) => !got.includes(t))
}

/** The checks from one crash state; failures described. */
function checkState(home: string, acknowledged: string[], context: string): string[] {
  const failures: string[] = []
  const list = tsk(home, ["list", "--all", "--json", "--limit", "0"])
  if (list.code === 0) {
    const lost = missing(acknowledged, titles(list.stdout))
    if (lost.length > 0) failures.push(`${context}: tsk list lost ${lost.join(", ")}`)
  } else if (list.code !== 1) failures.push(`${context}: tsk list exited ${list.code}`)
  else {
    const repair = tsk(home, ["doctor", "--repair"])
    if (repair.code !== 0) failures.push(`${context}: tsk doctor --repair exited ${repair.code}: ${repair.stdout}${repair.stderr}`)
  }
  const added = tsk(home, ["add", "after the crash"])
  if (added.code !== 0) failures.push(`${context}: tsk add after the crash exited ${added.code}: ${added.stdout}${added.stderr}`)
  const final = tsk(home, ["export"])
  if (final.code !== 0) return [...failures, `${context}: tsk export exited ${final.code}: ${final.stderr}`]
  const lost = missing([...acknowledged, "after the crash"], titles(final.stdout))
  if (lost.length > 0) failures.push(`${context}: lost ${lost.join(", ")} for good`)
  return failures
}

/** `only`: the names of the operations to explore (all when empty). */
export function runCrashStates(log: (line: string) => void = () => {}, only: string[] = []): CrashStateReport[] {
  const strace = spawnSync("strace", ["-V"], { encoding: "utf8" })
  if (strace.status !== 0) throw new Error("crash states need strace (apt-get install strace): it delivers the kills")
  const reports: CrashStateReport[] = []
  for (const op of OPERATIONS.filter((o) => only.length === 0 || only.includes(o.name))) {
    const template = mkdtempSync(join(tmpdir(), "tsk-crash-template-"))
    const report: CrashStateReport = { operation: op.name, states: 0, failures: [] }
    try {
      const acknowledged = op.prepare(template)
      for (const syscall of SYSCALLS) {
        for (let n = 1; ; n++) {
          const home = mkdtempSync(join(tmpdir(), "tsk-crash-state-"))
          try {
            cpSync(template, home, { recursive: true })
            const [cmd, ...args] = op.command(home)
            const run = spawnSync("strace", ["-f", "-qq", "-o", "/dev/null", "-e", `trace=${syscall}`, "-e", `inject=${syscall}:signal=KILL:when=${n}`, cmd!, ...args], { env: env(home), encoding: "utf8", timeout: 120_000, killSignal: "SIGKILL", input: op.input ?? "" })
            const killed = run.status === 137 || run.signal === "SIGKILL" || /killed by SIGKILL/.test(run.stderr)
            const context = `${op.name}, killed at ${syscall} #${n}`
            if (!killed) {
              // Ran to its end: the operation's own result, once per system call is plenty.
              if (run.status !== 0) report.failures.push(`${op.name} unkilled (${syscall}) exited ${run.status}: ${run.stdout}${run.stderr}`)
              else if (syscall === SYSCALLS[0]) {
                const lost = missing(op.after, op.left ? op.left(home) : titles(mustTsk(home, ["export"])))
                if (lost.length > 0) report.failures.push(`${op.name} unkilled lost ${lost.join(", ")}`)
              }
              break
            }
            report.states++
            report.failures.push(...(op.check ?? checkState)(home, acknowledged, context))
          } finally {
            rmSync(home, { recursive: true, force: true })
          }
        }
      }
    } finally {
      rmSync(template, { recursive: true, force: true })
    }
    // strace that injects nothing would leave every run unkilled: no state explored is a failure.
    if (report.states === 0) report.failures.push(`${op.name}: no crash state was reached (is ptrace allowed here?)`)
    log(`${op.name}: ${report.states} crash states, ${report.failures.length} failures`)
    reports.push(report)
  }
  return reports
}

if (import.meta.main) {
  const started = Date.now()
  // `npm run crash-states -- "tsk hook"` explores the operations named.
  const reports = runCrashStates((line) => console.log(line), process.argv.slice(2))
  const failures = reports.flatMap((r) => r.failures)
  for (const failure of failures) console.log(`FAIL ${failure}`)
  console.log(`${reports.reduce((n, r) => n + r.states, 0)} crash states in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failures`)
  process.exit(failures.length === 0 ? 0 : 1)
}
