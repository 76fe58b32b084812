// tsk projects | tags | stats — what is in the list, at a glance.
import type { CommandSpec } from "./command.ts"
import { changeCommandHead } from "./change-command-names.ts"
import { loadTasks } from "./cli-store.ts"
import { computeStats, listProjects, listTags, type NameCount } from "../domain/task-stats.ts"
import type { Task } from "../domain/task.ts"
import { escapeControls } from "../domain/text-safety.ts"

function formatCounts(rows: NameCount[], prefix: string, empty: string): string {
  if (rows.length === 0) return empty
  const width = Math.max(...rows.map((r) => r.name.length + prefix.length))
  return rows.map((r) => `${escapeControls(prefix + r.name).padEnd(width)}  ${r.open} open / ${r.count} total`).join("\n")
}

function countsCommand(name: "projects" | "tags", list: (tasks: Task[]) => NameCount[], prefix: string, empty: string): CommandSpec {
  return {
    ...changeCommandHead(name),
    usage: `tsk ${name}`,
    async run(ctx) {
      const rows = list(await loadTasks(ctx))
      return { data: rows, text: formatCounts(rows, prefix, empty) }
    },
  }
}

export const projectsCommand = countsCommand("projects", listProjects, "@", "No projects yet.")
export const tagsCommand = countsCommand("tags", listTags, "#", "No tags yet.")

export const statsCommand: CommandSpec = {
  ...changeCommandHead("stats"),
  usage: "tsk stats",
  async run(ctx) {
    const stats = computeStats(await loadTasks(ctx), new Date())
    const s = ctx.style
    const text = [
      `${s.bold(String(stats.total))} tasks: ${stats.byStatus.todo} to do, ${stats.byStatus.in_progress} in progress, ${stats.byStatus.done} done, ${stats.byStatus.archived} archived`,
      `priority: ${stats.byPriority.urgent} urgent, ${stats.byPriority.high} high, ${stats.byPriority.medium} medium, ${stats.byPriority.low} low, ${stats.byPriority.none} none`,
      `${stats.overdue > 0 ? s.red(`${stats.overdue} overdue`) : "0 overdue"}, ${stats.dueToday} due today, ${stats.completedToday} completed today`,
      `completion ${Math.round(stats.completionRate * 100)}%, ${stats.trackedMinutes} min tracked, ${stats.projects} projects, ${stats.tags} tags`,
    ].join("\n")
    return { data: stats, text }
  },
}
