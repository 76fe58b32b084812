// tsk conflicts [list] | clear [id...]: what merging an outside change of tasks.json (or a sync
// tool's conflict copy) could not keep, with both values (see store/outside-merge.ts). Listing
// first merges any outside change still pending, so what it shows is current.
import type { CommandSpec, CommandContext } from "./command.ts"
import type { ConflictRecord } from "../store/conflicts-store.ts"
import { escapeControls } from "../domain/text-safety.ts"
import { shortId } from "../domain/task-constants.ts"

const shown = (value: unknown) => escapeControls(value === undefined ? "(none)" : typeof value === "string" ? value : JSON.stringify(value))

/** One record for people: which task, which field, what stayed, what was lost and from where. */
export function conflictLine(ctx: CommandContext, r: ConflictRecord): string {
  const s = ctx.style
  const head = `${s.bold(r.id)}  ${shortId(r.taskId)} ${escapeControls(r.title)}  ${s.yellow(r.field)}`
  if (r.field === "deleted") return `${head}\n    kept the task (edited ${r.keptUpdatedAt}); its deletion in ${escapeControls(r.source)} was not applied`
  if (r.reason !== undefined) return `${head}\n    dropped link to ${shown(r.lost)} (${r.reason}) from ${escapeControls(r.source)}`
  return `${head}\n    kept: ${shown(r.kept)} (${r.keptUpdatedAt})\n    lost: ${shown(r.lost)} (${r.lostUpdatedAt}, ${escapeControls(r.source)})`
}

async function listConflicts(ctx: CommandContext) {
  const [{ settleOutsideChanges }, { readConflicts }] = await Promise.all([import("../store/tasks-repository.ts"), import("../store/conflicts-store.ts")])
  await settleOutsideChanges(ctx.home)
  const records = readConflicts(ctx.home)
  const text = records.length === 0 ? "No conflicts." : records.map((r) => conflictLine(ctx, r)).join("\n")
  return { data: records, text }
}

const listCommand: CommandSpec = {
  name: "list",
  summary: "List the conflicts with both values (the default)",
  usage: "tsk conflicts list",
  run: listConflicts,
}

const clearCommand: CommandSpec = {
  name: "clear",
  summary: "Forget conflicts once looked at: the ids given, or all",
  usage: "tsk conflicts clear [id...]",
  examples: ["tsk conflicts clear", "tsk conflicts clear 3f2a9c1b"],
  async run(ctx, { positionals }) {
    const { clearConflicts } = await import("../store/conflicts-store.ts")
    const cleared = await clearConflicts(ctx.home, positionals)
    return { data: cleared, text: `${ctx.style.green("✓")} Cleared ${cleared.length} conflict${cleared.length === 1 ? "" : "s"}` }
  },
}

export const conflictsCommand: CommandSpec = {
  name: "conflicts",
  summary: "What merging outside changes of tasks.json could not keep (both values); clear them once seen",
  usage: "tsk conflicts [list|clear [id...]]",
  description:
    "When tasks.json is changed outside tsk (git, a sync tool, an editor, a restored copy) while tsk has changes of its own, the two are merged per task and field; where both changed the same field the later edit stays and the other value is listed here.",
  examples: ["tsk conflicts", "tsk conflicts --json", "tsk conflicts clear"],
  subcommands: [listCommand, clearCommand],
  run: listConflicts,
}
