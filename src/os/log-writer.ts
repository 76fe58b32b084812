// The JSON-lines log: `logs/log_unit_<n>.jsonl`, one `{id, L, ph, plan, task, msg}` a line. A new
// unit starts when the current one holds `max` lines; `id` is the global event counter `g`.
// Appends run inside the commit lock, so ids stay unique and ordered across processes.
import { constants } from "node:fs"
import { open, readdir, readFile, stat } from "node:fs/promises"
import { dirname, join } from "node:path"
import { ensureDir, fsyncDirSync, FILE_MODE } from "../store/durable-file.ts"
import { appendError } from "../store/home-links.ts"
import { LogLine, type StateFile } from "./schemas.ts"
import { LOG_UNIT_PATTERN, logUnitName } from "./os-paths.ts"

export type LogEntry = Omit<LogLine, "id">

/** The highest unit number present, or 0 when there is no log yet. */
export async function newestLogUnit(logsDir: string): Promise<number> {
  let names: string[]
  try {
    names = await readdir(logsDir)
  } catch {
    return 0
  }
  let newest = 0
  for (const name of names) {
    const match = LOG_UNIT_PATTERN.exec(name)
    if (match) newest = Math.max(newest, Number(match[1]))
  }
  return newest
}

async function endsWithNewline(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null)
  if (!info || info.size === 0) return true
  const handle = await open(path, "r")
  try {
    const buffer = Buffer.alloc(1)
    await handle.read(buffer, 0, 1, info.size - 1)
    return buffer[0] === 0x0a
  } finally {
    await handle.close()
  }
}

async function appendDurably(path: string, text: string): Promise<void> {
  const existed = (await stat(path).catch(() => null)) !== null
  // A crash mid-append can leave a torn last line; start on a fresh line so ours stays whole.
  const prefix = existed && !(await endsWithNewline(path)) ? "\n" : ""
  // "a", never through a link planted in the log's place (see home-links.ts).
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, FILE_MODE).catch((error: unknown) => {
    throw appendError(error, path)
  })
  try {
    await handle.write(prefix + text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  if (!existed) fsyncDirSync(dirname(path))
}

/**
 * Append `entries`, numbering them after the newest id in the log or `state.g`, whichever is higher
 * (readers append log lines without touching state.json, so the log may be ahead; `g` never goes
 * back), and rolling over to a new unit whenever the current one holds `state.max` lines. `ln` is
 * always the newest unit's line count. Returns the counters to store in `state.json`.
 */
export async function appendLogLines(
  logsDir: string,
  state: Pick<StateFile, "g" | "max">,
  entries: LogEntry[],
): Promise<{ g: number; ln: number; lines: LogLine[] }> {
  await ensureDir(logsDir)
  let unit = Math.max(1, await newestLogUnit(logsDir))
  const onDisk = await syncCountersFromLog(logsDir)
  let g = Math.max(state.g, onDisk?.g ?? 0)
  let ln = onDisk?.ln ?? 0
  const lines: LogLine[] = []
  let pending = ""
  const flush = async () => {
    if (pending.length > 0) await appendDurably(join(logsDir, logUnitName(unit)), pending)
    pending = ""
  }
  for (const entry of entries) {
    if (ln >= state.max) {
      await flush()
      unit += 1
      ln = 0
    }
    g += 1
    ln += 1
    const line: LogLine = { id: g, ...entry }
    lines.push(line)
    pending += JSON.stringify(line) + "\n"
  }
  await flush()
  return { g, ln, lines }
}

function parseLines(text: string): LogLine[] {
  const lines: LogLine[] = []
  for (const raw of text.split("\n")) {
    if (raw.trim().length === 0) continue
    try {
      const parsed = LogLine.safeParse(JSON.parse(raw))
      if (parsed.success) lines.push(parsed.data)
    } catch {
      // A torn line (crash mid-append) is skipped; the consistency check reports a torn last one.
    }
  }
  return lines
}

async function readUnit(logsDir: string, unit: number): Promise<{ lines: LogLine[]; count: number }> {
  const text = await readFile(join(logsDir, logUnitName(unit)), "utf8").catch(() => "")
  const lines = parseLines(text)
  return { lines, count: text.split("\n").filter((line) => line.trim().length > 0).length }
}

/** The newest `limit` lines, oldest first, reading back through as many units as needed. */
export async function readLastLogLines(logsDir: string, limit: number): Promise<LogLine[]> {
  let unit = await newestLogUnit(logsDir)
  let collected: LogLine[] = []
  while (unit >= 1 && collected.length < limit) {
    const { lines } = await readUnit(logsDir, unit)
    collected = [...lines, ...collected]
    unit -= 1
  }
  return collected.slice(-limit)
}

/** The id of the last whole line of a unit's text (a torn or foreign line is skipped). */
function lastLineId(text: string): number | null {
  let end = text.length
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1
    const raw = text.slice(start, end).trim()
    end = start - 1
    if (raw.length === 0) continue
    try {
      const id = (JSON.parse(raw) as { id?: unknown } | null)?.id
      if (typeof id === "number" && Number.isInteger(id) && id >= 0) return id
    } catch {
      // A torn line: look at the one before.
    }
  }
  return null
}

const countLines = (text: string) => text.split("\n").filter((line) => line.trim().length > 0).length

/** What the log says the counters are: `g` from its last line, `ln` from the newest unit's line count. */
export async function syncCountersFromLog(logsDir: string): Promise<{ g: number; ln: number } | null> {
  const newest = await newestLogUnit(logsDir)
  if (newest === 0) return null
  let ln = 0
  for (let unit = newest; unit >= 1; unit--) {
    const text = await readFile(join(logsDir, logUnitName(unit)), "utf8").catch(() => "")
    if (unit === newest) ln = countLines(text)
    const id = lastLineId(text)
    if (id !== null) return { g: id, ln }
  }
  return { g: 0, ln }
}

/**
 * The newest unit's last line when a crash cut it short: no final newline, and not a whole log
 * line. Null when the log ends cleanly. (The next append starts on a fresh line.)
 */
export async function tornLastLine(logsDir: string): Promise<{ unit: string; text: string } | null> {
  const newest = await newestLogUnit(logsDir)
  if (newest === 0) return null
  const text = await readFile(join(logsDir, logUnitName(newest)), "utf8").catch(() => "")
  if (text.length === 0 || text.endsWith("\n")) return null
  const last = text.slice(text.lastIndexOf("\n") + 1)
  try {
    if (LogLine.safeParse(JSON.parse(last)).success) return null
  } catch {
    // Not JSON: torn.
  }
  return { unit: logUnitName(newest), text: last }
}
