// tsk sync [init <remote> | status] and tsk merge-driver (docs/sync.md).
import type { CommandContext, CommandSpec, Style } from "./command.ts"
import { requirePositional } from "./cli-store.ts"
import { escapeControls } from "../domain/text-safety.ts"
import type { SyncResult } from "../sync/sync-engine.ts"
import type { SyncStatus } from "../sync/sync-state.ts"

const engine = () => import("../sync/sync-engine.ts")

function describeResult(result: SyncResult, s: Style): string {
  const steps = [result.committed ? "committed local changes" : null, result.merged ? "merged the remote's" : null, result.pushed ? "pushed" : null].filter(Boolean)
  const lines = [`${s.green("✓")} in sync with ${result.remote} (${result.branch}): ${result.tasks} task${result.tasks === 1 ? "" : "s"}${steps.length ? `; ${steps.join(", ")}` : "; nothing to do"}`]
  for (const c of result.conflicts.slice(0, 10)) lines.push(`${s.yellow("!")} ${escapeControls(c.title)} (${c.taskId.slice(0, 8)}): ${c.field} kept ${JSON.stringify(c.kept)}, set aside ${JSON.stringify(c.lost)}`)
  if (result.conflicts.length > 10) lines.push(`  … ${result.conflicts.length - 10} more conflicts (tsk conflicts)`)
  for (const d of result.dropped) lines.push(`${s.yellow("!")} dropped ${d.field} ${d.value.slice(0, 8)} of ${d.taskId.slice(0, 8)} (${d.reason})`)
  for (const path of result.invalidFiles) lines.push(`${s.yellow("!")} ${escapeControls(path)} is not a tsk task: left as it is`)
  return lines.join("\n")
}

export function describeStatus(status: SyncStatus, s: Style): string {
  if (!status.configured) return "Sync: not set up (tsk sync init <remote>)"
  const when = status.lastSyncAt ?? "never"
  const lines = [
    `Sync: ${status.remote} (branch ${status.branch}${status.auto ? ", auto" : ""})`,
    `last sync: ${when}${status.lastError ? `  ${s.red(`last attempt failed: ${status.lastError}`)}` : ""}`,
    `ahead ${status.ahead}, behind ${status.behind} (as of the last fetch)${status.localChanges ? "; local changes not yet synced" : ""}`,
    `open conflicts: ${status.openConflicts}${status.openConflicts > 0 ? " (tsk conflicts shows both values; tsk conflicts clear once seen)" : ""}`,
  ]
  return lines.join("\n")
}

const syncInit: CommandSpec = {
  name: "init",
  summary: "Share this list through a git remote (any git URL, a bare repository's path included)",
  usage: "tsk sync init <remote>",
  examples: ["tsk sync init git@github.com:me/todo.git", "tsk sync init /srv/git/tasks.git"],
  async run(ctx, { positionals }) {
    const remote = requirePositional(positionals, 0, "remote", "tsk sync init <remote>")
    const { initSync } = await import("../sync/sync-init.ts")
    const result = await initSync(ctx.home, remote)
    const next = result.remoteHasBranch ? "the remote holds a list already: tsk sync merges it with this one" : "tsk sync sends this list"
    return { data: result, text: `${ctx.style.green("✓")} sync.remote = ${result.remote} (branch ${result.branch}); ${next}` }
  },
}

const syncStatus: CommandSpec = {
  name: "status",
  summary: "Last sync, commits ahead and behind, open conflicts",
  usage: "tsk sync status",
  async run(ctx) {
    const [{ readSyncStatus }, { readConflicts }] = await Promise.all([import("../sync/sync-state.ts"), import("../store/conflicts-store.ts")])
    const status = await readSyncStatus(ctx.home)
    return { data: { ...status, conflicts: readConflicts(ctx.home) }, text: describeStatus(status, ctx.style) }
  },
}

export const syncCommand: CommandSpec = {
  name: "sync",
  summary: "Sync the list through git: commit, fetch, merge per task and field, push",
  usage: "tsk sync [init <remote> | status]",
  description:
    "Without a subcommand: commit this list, fetch the remote's, merge them per task and field against their common ancestor (the later updatedAt wins a field both changed; the other value is kept as a conflict), and push; when the remote moved meanwhile, again. Exit 0 when in sync; an io error when the remote cannot be reached (local changes stay committed). Settings: sync.remote, sync.branch (tsk), sync.auto, sync.everyMinutes, sync.quietSeconds.",
  examples: ["tsk sync init git@github.com:me/todo.git", "tsk sync", "tsk sync status --json"],
  subcommands: [syncInit, syncStatus],
  async run(ctx: CommandContext) {
    const { runSync } = await engine()
    const result = await runSync(ctx.home)
    return { data: result, text: describeResult(result, ctx.style) }
  },
}

export const mergeDriverCommand: CommandSpec = {
  name: "merge-driver",
  summary: "git's merge driver for tsk's task files (git runs it: %O %A %B %P)",
  usage: "tsk merge-driver <base> <ours> <theirs> [path]",
  description: "Set up by tsk sync init in the sync repository; for another clone: git config merge.tsk.driver 'tsk merge-driver %O %A %B %P' and a .gitattributes line 'tasks/*.json merge=tsk'. Writes the merged task into <ours>; conflicts are recorded (tsk conflicts).",
  async run(ctx, { positionals }) {
    const usage = "tsk merge-driver <base> <ours> <theirs> [path]"
    const [base, ours, theirs] = [0, 1, 2].map((i) => requirePositional(positionals, i, ["base", "ours", "theirs"][i]!, usage))
    const { runMergeDriver } = await import("../sync/merge-driver.ts")
    const outcome = await runMergeDriver(ctx.home, base!, ours!, theirs!, positionals[3] ?? ours!)
    for (const c of outcome.conflicts) ctx.printErr(`tsk: ${outcome.path}: ${c.field} kept ${JSON.stringify(c.kept)}, set aside ${JSON.stringify(c.lost)}`)
    return { data: outcome, text: "" }
  },
}
