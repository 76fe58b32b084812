// Task ids are `<4-digit counter>_<name>` and double as folder names, so the names tsk gives are
// reduced to `[a-z0-9_-]` and bounded: nothing a caller passes can climb out of `tasks/` or hide a
// slash. Other tools keep names as given (c64bridge writes `0002_Screen Watch`), so any name after
// the counter is read as an id: its number is counted and found like ours.
export const MAX_NAME_LENGTH = 48
const ID_FORMAT = /^(\d{4,})_(.+)$/s

/** `Extract Sprites!` → `extract_sprites`; falls back to `fallback` when nothing usable is left. */
export function sanitizeTaskName(raw: string, fallback = "task"): string {
  const cleaned = raw
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[_-]+$/g, "")
  if (cleaned.length > 0) return cleaned
  return fallback === "task" ? fallback : sanitizeTaskName(fallback)
}

/**
 * `name`, or `name_2`, `name_3` … when another entry already carries it: c64bridge keeps its tasks
 * in a map by name, so two entries with one name would leave it one of them (and its next write
 * would drop the other). Names only differ in case count as taken too.
 */
export function uniqueTaskName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()))
  if (!used.has(name.toLowerCase())) return name
  const stem = name.slice(0, MAX_NAME_LENGTH - 6)
  for (let n = 2; ; n++) if (!used.has(`${stem}_${n}`.toLowerCase())) return `${stem}_${n}`
}

export function formatTaskId(counter: number, name: string): string {
  return `${String(counter).padStart(4, "0")}_${name}`
}

/** The counter of an id or folder name such as `0012_read`, or null for anything else. */
export function taskCounterOf(idOrFolder: string): number | null {
  const match = ID_FORMAT.exec(idOrFolder)
  return match ? Number(match[1]) : null
}

export function isTaskId(text: string): boolean {
  return ID_FORMAT.test(text)
}

/**
 * The next counter after every id seen, registry entries and folders alike, so a task whose entry
 * was deleted by hand (but whose folder remains, or the reverse) never has its number reused.
 */
export function nextTaskCounter(seen: Iterable<string>): number {
  let max = 0
  for (const name of seen) {
    const counter = taskCounterOf(name)
    if (counter !== null && counter > max) max = counter
  }
  return max + 1
}
