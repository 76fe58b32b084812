// tsk claim | renew | whoami — claims are leases held by an identity (see domain/task-claim.ts and
// domain/agent-identity.ts): `claim` takes a task for `--as`, TSK_AGENT or the login name for
// `--ttl` (default 30 minutes), `renew` extends the lease, `whoami` says the name and why.
import type { CommandContext, CommandOutput, CommandSpec, OptionValues } from "./command.ts"
import { changeCommandHead } from "./change-command-names.ts"
import { changeOneTask, identityOf, requirePositional, stringOption, today } from "./cli-store.ts"
import { formatTaskRow } from "./task-format.ts"
import { pickFields, SUMMARY_FIELDS, viewOfShown, type TaskField } from "../domain/task-shape.ts"
import { changed } from "./task-change-commands.ts"
import { describeIdentitySource } from "../domain/agent-identity.ts"
import { parseDuration } from "../domain/duration.ts"
import { invalid } from "../domain/errors.ts"
import { escapeControls } from "../domain/text-safety.ts"

const AS_OPTION = { type: "string", valueName: "name", description: "the name to act as (default TSK_AGENT, else your login name)" } as const
const TTL_OPTION = { type: "string", valueName: "time", description: "how long the lease lasts without a write by its holder: 45m, 2h, or minutes (default 30)" } as const

/** `--ttl 45m` as whole minutes (a bare number is minutes). */
export function ttlMinutes(options: OptionValues): number | undefined {
  const text = stringOption(options, "ttl")
  if (text === undefined) return undefined
  const minutes = parseDuration(text, "m") / 60_000
  if (!Number.isInteger(minutes) || minutes < 1) throw invalid(`--ttl must be whole minutes, at least 1 (45m, 2h, 30), not '${text}'`)
  return minutes
}

async function leaseJudge(ctx: CommandContext) {
  const { createLeaseJudge } = await import("../os/lease-judge.ts")
  return createLeaseJudge(ctx.home)
}

export const claimCommand: CommandSpec = {
  ...changeCommandHead("claim"),
  usage: "tsk claim <id> [--as NAME] [--ttl 30m]",
  description:
    "Exactly one of several agents claiming the same task at once gets it; the others get a conflict (exit code 1, kind conflict). A claim is a lease: it lasts --ttl (default 30 minutes) and every change its holder makes to the task renews it ('tsk renew' does so explicitly). An expired lease, or one whose holder's session ended (SessionEnd, its process gone), is free for the next claimant. Claiming a task you already hold renews it. Done, archived and blocked tasks cannot be claimed.",
  options: { as: AS_OPTION, ttl: TTL_OPTION },
  examples: ["tsk claim a1b2", "tsk claim a1b2 --ttl 2h", "tsk claim a1b2 --as claude-code --json"],
  async run(ctx, { positionals, options }) {
    const id = requirePositional(positionals, 0, "task id", "tsk claim <id> [--as NAME] [--ttl 30m]")
    const who = identityOf(options, ctx.env)
    const minutes = ttlMinutes(options)
    const [{ claimTask }, judge] = await Promise.all([import("../domain/task-claim.ts"), leaseJudge(ctx)])
    const { task, tasks } = await changeOneTask(ctx, id, (list, wanted, context) => claimTask(list, wanted, who, context, { minutes, judge }))
    return changed(ctx, tasks, task, `Claimed as ${escapeControls(task.assignee ?? "")} until ${task.lease?.expiresAt ?? "?"}:`)
  },
}

export const renewCommand: CommandSpec = {
  ...changeCommandHead("renew"),
  usage: "tsk renew <id> [--as NAME] [--ttl 30m]",
  description: "Only the holder renews (the name of --as, TSK_AGENT or the login name); the lease then runs --ttl from now (default: its own length).",
  options: { as: AS_OPTION, ttl: TTL_OPTION },
  examples: ["tsk renew a1b2", "tsk renew a1b2 --ttl 1h --json"],
  async run(ctx, { positionals, options }) {
    const id = requirePositional(positionals, 0, "task id", "tsk renew <id> [--as NAME] [--ttl 30m]")
    const who = identityOf(options, ctx.env)
    const minutes = ttlMinutes(options)
    const { renewLease } = await import("../domain/task-claim.ts")
    const { task, tasks } = await changeOneTask(ctx, id, (list, wanted, context) => renewLease(list, wanted, who, context, minutes))
    return changed(ctx, tasks, task, `Renewed until ${task.lease?.expiresAt ?? "?"}:`)
  },
}

export const whoamiCommand: CommandSpec = {
  ...changeCommandHead("whoami"),
  usage: "tsk whoami [--as NAME]",
  description: "The name claim, renew and next act under: --as, else TSK_AGENT, else your login name. The SessionStart hook of 'tsk agent snippet --hooks' sets TSK_AGENT to the Claude Code session's id for that session's shell commands.",
  options: { as: AS_OPTION },
  examples: ["tsk whoami", "tsk whoami --json"],
  async run(ctx, { options }) {
    const identity = identityOf(options, ctx.env)
    const because = describeIdentitySource(identity.how)
    return { data: { ...identity, because }, text: `${escapeControls(identity.name)}  ${ctx.style.dim(`(${because})`)}` }
  },
}

/** `tsk next --claim`: find the next free task and claim it in one locked step. */
export async function claimNextOutput(ctx: CommandContext, options: OptionValues, fields: readonly TaskField[] | undefined): Promise<CommandOutput> {
  const who = identityOf(options, ctx.env)
  const minutes = ttlMinutes(options)
  const [{ claimNext }, { createLeaseJudge }, { mutateTasks }] = await Promise.all([
    import("../domain/task-claim.ts"),
    import("../os/lease-judge.ts"),
    import("../store/tasks-repository.ts"),
  ])
  const { result: task, snapshot } = await mutateTasks(ctx.home, (list) => {
    const now = new Date()
    return claimNext(list, who, { now, newId: () => crypto.randomUUID() }, { minutes, judge: createLeaseJudge(ctx.home, now) })
  })
  if (!task) return { data: null, text: ctx.style.dim("Nothing is ready.") }
  const view = viewOfShown(snapshot.tasks, [task])
  if (ctx.json) return { data: pickFields(task, view, fields ?? SUMMARY_FIELDS), text: "" }
  return { data: null, text: `${ctx.style.green("✓")} Claimed as ${escapeControls(who.name)}: ${formatTaskRow(task, view, ctx.style, today(), 0)}` }
}
