// `tsk prime`'s markdown: what an agent needs at the start of a session or after a compaction, in
// well under 1,500 tokens whatever the size of the list (each section shows its first few and
// says how many more there are and how to see them). Pure: tasks and state in, text out.
import type { Task } from "../domain/task.ts"
import { shortId } from "../domain/task-constants.ts"
import type { WorkOverview } from "../domain/ready-tasks.ts"
import { leaseText } from "../domain/task-claim.ts"

export const PRIME_LIMITS = { inProgress: 10, ready: 10, blocked: 5, planTasks: 8 } as const

export interface PrimeAgentState {
  phase: string
  phaseName: string
  state: string
  plan: { id: string; goal: string; done: number; total: number; tasks: Array<{ id: string; title: string; state: string }> } | null
  currentTask: { id: string; title: string } | null
  lastError: string | null
}

export interface PrimeInput {
  today: string
  /** For how long leases still run. */
  now: Date
  openCount: number
  overview: WorkOverview
  /** Titles of blockers, by id (for the blocked section). */
  titleOf: (id: string) => string | undefined
  agent: PrimeAgentState | null
}

/** Text from agents is data: no control characters, one line, bounded. */
function clean(text: string, max = 80): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function taskLine(task: Task, today: string): string {
  const facts: string[] = []
  if (task.priority !== "none") facts.push(task.priority)
  if (task.project) facts.push(clean(task.project, 30))
  if (task.dueDate) facts.push(task.dueDate < today ? `overdue ${task.dueDate}` : `due ${task.dueDate}`)
  return `- \`${shortId(task.id)}\` ${clean(task.title)}${facts.length > 0 ? ` (${facts.join(", ")})` : ""}`
}

function section(title: string, tasks: readonly Task[], limit: number, line: (task: Task) => string, more: string): string[] {
  if (tasks.length === 0) return []
  const lines = [`## ${title} (${tasks.length})`, ...tasks.slice(0, limit).map(line)]
  if (tasks.length > limit) lines.push(`- … ${tasks.length - limit} more: \`${more}\``)
  return [...lines, ""]
}

function agentSection(agent: PrimeAgentState): string[] {
  const lines = ["## Agent operating state", `Phase ${agent.phase} ${agent.phaseName}, state ${agent.state}.`]
  if (agent.plan) {
    lines.push(`Plan \`${clean(agent.plan.id, 40)}\`: ${clean(agent.plan.goal, 120)} (${agent.plan.done}/${agent.plan.total} done)`)
    const open = agent.plan.tasks.filter((t) => t.state !== "done")
    for (const task of open.slice(0, PRIME_LIMITS.planTasks)) lines.push(`- [${task.state}] \`${clean(task.id, 40)}\` ${clean(task.title)}`)
    if (open.length > PRIME_LIMITS.planTasks) lines.push(`- … ${open.length - PRIME_LIMITS.planTasks} more: \`tsk os status\``)
  }
  if (agent.currentTask) lines.push(`Current task: \`${clean(agent.currentTask.id, 40)}\` ${clean(agent.currentTask.title)}`)
  if (agent.lastError) lines.push(`Last error: ${clean(agent.lastError, 200)}`)
  return [...lines, ""]
}

/** Who holds a task in progress, and for how long: ` — held by claude-code-3f9a1c (23m left)`. */
function holderText(task: Task, now: Date): string {
  if (!task.assignee) return " — nobody holds it"
  const lease = leaseText(task, now)
  return ` — held by ${clean(task.assignee, 60)}${lease ? ` (${lease})` : ""}`
}

export function primeMarkdown(input: PrimeInput): string {
  const { overview, today } = input
  const line = (task: Task) => taskLine(task, today)
  const heldLine = (task: Task) => `${line(task)}${holderText(task, input.now)}`
  const blockedLine = (task: Task) => {
    const by = task.blockedBy.map((id) => input.titleOf(id)).filter((t): t is string => t !== undefined)
    return `${line(task)} — blocked by ${by.length > 0 ? by.slice(0, 2).map((t) => clean(t, 40)).join("; ") : "another task"}`
  }
  return [
    `# tsk: current work (${today})`,
    `${input.openCount} open · ${overview.inProgress.length} in progress · ${overview.ready.length} ready to start (not blocked, no open subtasks) · ${overview.blocked.length} blocked`,
    "",
    ...section("In progress", overview.inProgress, PRIME_LIMITS.inProgress, heldLine, "tsk list --status in_progress"),
    ...section("Ready, by priority then due date", overview.ready, PRIME_LIMITS.ready, line, "tsk ready"),
    ...section("Blocked", overview.blocked, PRIME_LIMITS.blocked, blockedLine, "tsk list --blocked"),
    ...(input.agent ? agentSection(input.agent) : []),
    "Take work with `tsk next --claim` (the first ready task nobody holds) or `tsk claim <id>`: a claim is a lease of 30 minutes that your changes renew. " +
      "Then `tsk show <id>`, `tsk note <id> \"...\"`, `tsk done <id>` (ids: a unique prefix); `tsk whoami` says who you claim as. Or the tsk MCP tools.",
  ].join("\n")
}
