// tsk export | import — everything out (JSON, CSV, Markdown), and tasks in from another home, an
// export, or the ancestor's tasks.json.
import { changeCommandHead } from "./change-command-names.ts"
import { resolve } from "node:path"
import type { CommandSpec } from "./command.ts"
import { loadTasks, openStore, requirePositional, stringOption } from "./cli-store.ts"
import { EXPORT_FORMATS, tasksToCsv, tasksToMarkdown, type ExportFormat } from "../domain/task-export.ts"
import { taskJson, viewOf } from "../domain/task-shape.ts"
import type { Task } from "../domain/task.ts"
import { invalid, TskError } from "../domain/errors.ts"
import { escapeJsonControls } from "../domain/text-safety.ts"
import type { RegularRead } from "../store/regular-file.ts"

export const exportCommand: CommandSpec = {
  ...changeCommandHead("export"),
  usage: "tsk export [--format json|csv|md]",
  description: "Unlike list, export is never bounded. JSON is an array of tasks in the full shape (what tsk import reads back).",
  options: { format: { type: "string", short: "f", valueName: "format", description: "json (default) | csv | md" } },
  examples: ["tsk export > tasks-backup.json", "tsk export --format csv > tasks.csv", "tsk export --format md"],
  async run(ctx, { options }) {
    const raw = (stringOption(options, "format") ?? "json").toLowerCase()
    const format = (raw === "markdown" ? "md" : raw) as ExportFormat
    if (!EXPORT_FORMATS.includes(format)) throw invalid(`unknown format '${raw}': use ${EXPORT_FORMATS.join(", ")}`)
    const tasks = await loadTasks(ctx)
    const view = viewOf(tasks)
    const full = () => tasks.map((t) => taskJson(t, view))
    if (ctx.json || format === "json") return { data: full(), text: escapeJsonControls(JSON.stringify(full(), null, 2)) }
    return { data: null, text: format === "csv" ? tasksToCsv(tasks, new Date()) : tasksToMarkdown(tasks) }
  },
}

/** Our tasks file, an array of our tasks (an export), or null when it is something else. */
async function parseOwnTasks(value: unknown): Promise<Task[] | null> {
  const { Task: TaskSchema } = await import("../domain/task.ts")
  const list = Array.isArray(value) ? value : typeof value === "object" && value !== null && Array.isArray((value as { tasks?: unknown }).tasks) ? (value as { tasks: unknown[] }).tasks : null
  if (!list) return null
  // An export carries `assignee: null` for an unassigned task; the stored task leaves it out.
  const parsed = list.map((item) => TaskSchema.safeParse(typeof item === "object" && item !== null && (item as { assignee?: unknown }).assignee === null ? { ...item, assignee: undefined } : item))
  return parsed.every((p) => p.success) ? parsed.map((p) => p.data!) : null
}

/** The largest file `tsk import` reads. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024

/** The text of the file to import: a regular file (a link to one is fine), at most 64 MiB, UTF-8. */
async function readImportFile(path: string, shown: string): Promise<string> {
  // Loaded here: the command table (and every listing through it) must not load node:fs.
  const { decodeUtf8, readRegularFileSync } = await import("../store/regular-file.ts")
  let read: RegularRead
  try {
    read = readRegularFileSync(path, MAX_IMPORT_BYTES, true)
  } catch (error) {
    throw new TskError("io", `cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  if (read.kind === "missing") throw new TskError("not_found", `cannot read ${shown}: ENOENT`)
  if (read.kind === "odd") throw invalid(`${shown} ${read.reason}; tsk import reads a regular file of at most ${MAX_IMPORT_BYTES} bytes`)
  const text = decodeUtf8(read.bytes)
  if (text === null) throw invalid(`${shown} is not valid UTF-8; nothing was imported`)
  return text
}

export const importCommand: CommandSpec = {
  ...changeCommandHead("import"),
  usage: "tsk import <file>",
  description:
    "Tasks whose id is already here are skipped, so importing the same file twice adds nothing. The file is held to the rules of add (sizes, nesting, blocker cycles) and must be a regular UTF-8 file of at most 64 MiB; one bad task refuses the whole file (exit 4).",
  examples: ["tsk import tasks-backup.json", "tsk import ~/old-tsk/tasks.json"],
  async run(ctx, { positionals }) {
    const path = resolve(requirePositional(positionals, 0, "file", "tsk import <file>"))
    const text = await readImportFile(path, positionals[0]!)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw invalid(`${positionals[0]} is not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    let incoming = await parseOwnTasks(value)
    let from = "tsk"
    if (!incoming) {
      const { ancestorOversize } = await import("../domain/ancestor-migration.ts")
      const oversize = Array.isArray(value) ? ancestorOversize(value) : null
      if (oversize) throw invalid(`${positionals[0]}: ${oversize}; nothing was imported (tsk refuses a field rather than cut it)`)
      const { migrateAncestorText } = await import("../store/ancestor-file.ts")
      incoming = await migrateAncestorText(text)
      from = "the ancestor tsk"
    }
    if (!incoming) throw invalid(`${positionals[0]} holds no tasks tsk can read (a tasks.json, a tsk export, or the ancestor tsk's tasks.json)`)
    const store = await openStore(ctx)
    const { added, skipped } = await store.getState().importTasks(incoming)
    const note = skipped > 0 ? ` (${skipped} already here, skipped)` : ""
    return {
      data: { imported: added.length, skipped, format: from === "tsk" ? "tsk" : "ancestor", ids: added.map((t) => t.id) },
      text: `${ctx.style.green("✓")} Imported ${added.length} task${added.length === 1 ? "" : "s"} from ${from}${note}`,
    }
  },
}
