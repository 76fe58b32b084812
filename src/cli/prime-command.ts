// `tsk prime`: a short markdown summary of the work (in progress, ready, blocked, the agent's
// operating state) for a Claude Code SessionStart hook (also run after a compaction), so an agent
// starts or resumes with the list's state in its context. `--json` gives the same facts as data (without the
// markdown, which `tsk prime` prints: the two together would double the answer).
import { existsSync } from "node:fs"
import type { CommandContext, CommandSpec } from "./command.ts"
import { loadTasks, today } from "./cli-store.ts"
import { primeMarkdown, PRIME_LIMITS, type PrimeAgentState } from "./prime-format.ts"
import { workOverview } from "../domain/ready-tasks.ts"
import { isOpen } from "../domain/task-constants.ts"
import type { Task } from "../domain/task.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { osPaths } from "../os/os-paths.ts"

/** The operating state when an agent has one; prime never creates it. */
async function agentState(ctx: CommandContext): Promise<PrimeAgentState | null> {
  const settings = resolveOsSettings(ctx.home)
  if (!existsSync(osPaths(settings.root).state)) return null
  const { createOsEngine } = await import("../os/engine.ts")
  const status = await createOsEngine({ root: settings.root, home: ctx.home, cwd: process.cwd() }).status({ logLines: 0 })
  return {
    phase: status.phase,
    phaseName: status.phaseName,
    state: status.state,
    plan: status.plan && { id: status.plan.id, goal: status.plan.goal, done: status.plan.done, total: status.plan.total, tasks: status.plan.tasks },
    currentTask: status.currentTask && { id: status.currentTask.id, title: status.currentTask.title },
    lastError: status.lastError,
  }
}

const shortTask = (task: Task) => ({
  id: task.id,
  title: task.title,
  status: task.status,
  priority: task.priority,
  dueDate: task.dueDate,
})

/** A task in progress with who holds it and until when (null: nobody, or no lease). */
const heldTask = (task: Task) => ({ ...shortTask(task), assignee: task.assignee ?? null, leaseExpiresAt: task.lease?.expiresAt ?? null })

export const primeCommand: CommandSpec = {
  name: "prime",
  summary: "Print a short markdown summary of the work for an agent's context (SessionStart hook)",
  usage: "tsk prime",
  description: `In progress (first ${PRIME_LIMITS.inProgress}), ready (open, not blocked, no open subtasks, by priority then due date; first ${PRIME_LIMITS.ready}), blocked (first ${PRIME_LIMITS.blocked}) and the agent's operating-state phase and plan. Install the hooks with 'tsk agent snippet --hooks'.`,
  examples: ["tsk prime", "tsk prime --json"],
  async run(ctx) {
    const tasks = await loadTasks(ctx)
    const overview = workOverview(tasks)
    const agent = await agentState(ctx).catch(() => null)
    const titles = new Map(tasks.map((t) => [t.id, t.title]))
    const date = today()
    const text = primeMarkdown({ today: date, now: new Date(), openCount: tasks.filter(isOpen).length, overview, titleOf: (id) => titles.get(id), agent })
    const data = {
      today: date,
      inProgress: { total: overview.inProgress.length, tasks: overview.inProgress.slice(0, PRIME_LIMITS.inProgress).map(heldTask) },
      ready: { total: overview.ready.length, tasks: overview.ready.slice(0, PRIME_LIMITS.ready).map(shortTask) },
      blocked: { total: overview.blocked.length, tasks: overview.blocked.slice(0, PRIME_LIMITS.blocked).map(shortTask) },
      agent,
    }
    return { data, text }
  },
}
