// Per-task files inside a task folder: task.json, result.json, log.txt and samples.jsonl.
import { open, readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { closeSync, openSync, writeSync } from "node:fs"
import { readJsonFile, writeFileDurable, ensureDir, FILE_MODE } from "../../store/durable-file.ts"
import { fsyncFd, writeTextDurable } from "./lean-write.ts"
import { ResultFile, SampleLine, TaskFile, type RegistryEntry } from "./task-schema.ts"
import { absoluteTaskFolder } from "./state-paths.ts"
import { formatTimestampAs, timestampStyleOf } from "./timestamp.ts"

export const RESULT_FILE = "result.json"
export const SAMPLES_FILE = "samples.jsonl"
export const LOG_FILE = "log.txt"

export function taskFilePath(home: string, entry: Pick<RegistryEntry, "folder">, file: string): string {
  return join(absoluteTaskFolder(home, entry.folder), file)
}

/** `durable: false` for an iteration's rewrite (see lean-write.ts); state changes are durable. */
export async function writeTaskJson(home: string, entry: RegistryEntry, durable = true): Promise<void> {
  const taskFile = { ...entry, resultPath: `${entry.folder}/${RESULT_FILE}` }
  await writeTextDurable(taskFilePath(home, entry, "task.json"), JSON.stringify(taskFile, null, 2) + "\n", durable)
}

export async function writeResultJson(home: string, entry: RegistryEntry, result: ResultFile, durable = true): Promise<void> {
  await writeTextDurable(taskFilePath(home, entry, RESULT_FILE), JSON.stringify(result, null, 2) + "\n", durable)
}

export async function writeArtifact(home: string, entry: RegistryEntry, relative: string, content: string | Uint8Array): Promise<void> {
  await writeFileDurable(taskFilePath(home, entry, relative), content)
}

export async function readTaskJson(home: string, entry: RegistryEntry): Promise<TaskFile | null> {
  const loaded = await readJsonFile(taskFilePath(home, entry, "task.json"), TaskFile, `${entry.folder}/task.json`)
  return loaded.status === "ok" ? loaded.value : null
}

export async function readResultJson(home: string, entry: RegistryEntry): Promise<ResultFile | null> {
  const loaded = await readJsonFile(taskFilePath(home, entry, RESULT_FILE), ResultFile, `${entry.folder}/${RESULT_FILE}`)
  return loaded.status === "ok" ? loaded.value : null
}

/** Append whole lines and fsync: a line is either fully there after a crash or (power cut) cut short. */
async function appendDurable(path: string, text: string): Promise<void> {
  // Synchronous small calls, an asynchronous fsync: see lean-write.ts.
  const fd = openSync(path, "a", FILE_MODE)
  try {
    writeSync(fd, text)
    await fsyncFd(fd)
  } finally {
    closeSync(fd)
  }
}

export async function appendLog(home: string, entry: RegistryEntry, message: string, nowMs: number): Promise<void> {
  const path = taskFilePath(home, entry, LOG_FILE)
  await ensureDir(absoluteTaskFolder(home, entry.folder))
  // The task's own style, so a c64bridge task's log does not mix two kinds of stamp.
  await appendDurable(path, `[${formatTimestampAs(nowMs, timestampStyleOf(entry.startedAt))}] ${message}\n`)
}

export async function appendSample(home: string, entry: RegistryEntry, sample: SampleLine): Promise<void> {
  await appendDurable(taskFilePath(home, entry, SAMPLES_FILE), JSON.stringify(sample) + "\n")
}

/** The last `count` lines of the log, for `show`. */
export async function readLogTail(home: string, entry: RegistryEntry, count: number): Promise<string[]> {
  const { text } = await readTail(taskFilePath(home, entry, LOG_FILE), count * 200)
  return text.split("\n").filter((line) => line.length > 0).slice(-count)
}

/**
 * The last `count` valid samples. Only the end of the file is read (a task sampling at 1 Hz for a
 * day has 86,400 lines); a line cut short by a power loss, or not JSON, is skipped.
 */
export async function readLastSamples(home: string, entry: RegistryEntry, count: number): Promise<SampleLine[]> {
  if (count <= 0) return []
  const path = taskFilePath(home, entry, SAMPLES_FILE)
  let budget = 64 * 1024
  for (;;) {
    const { text, whole } = await readTail(path, budget)
    const lines = text.split("\n").filter((line) => line.trim().length > 0)
    const samples: SampleLine[] = []
    for (const line of lines) {
      const parsed = parseSampleLine(line)
      if (parsed) samples.push(parsed)
    }
    if (samples.length >= count || whole) return samples.slice(-count)
    budget *= 4
  }
}

export function parseSampleLine(line: string): SampleLine | null {
  try {
    const parsed = SampleLine.safeParse(JSON.parse(line))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0
    throw error
  }
}

async function readTail(path: string, maxBytes: number): Promise<{ text: string; whole: boolean }> {
  const size = await fileSize(path)
  if (size === 0) return { text: "", whole: true }
  if (size <= maxBytes) return { text: await readFile(path, "utf8"), whole: true }
  const handle = await open(path, "r")
  try {
    const buffer = Buffer.alloc(maxBytes)
    await handle.read(buffer, 0, maxBytes, size - maxBytes)
    const text = buffer.toString("utf8")
    // The first line is probably cut in the middle; drop it.
    return { text: text.slice(text.indexOf("\n") + 1), whole: false }
  } finally {
    await handle.close()
  }
}

/** The first sample (capture compares against it), read from the start of the file only. */
export async function readFirstSample(home: string, entry: RegistryEntry): Promise<SampleLine | null> {
  let handle
  try {
    handle = await open(taskFilePath(home, entry, SAMPLES_FILE), "r")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw error
  }
  try {
    let size = 16 * 1024
    for (;;) {
      const buffer = Buffer.alloc(size)
      const { bytesRead } = await handle.read(buffer, 0, size, 0)
      const text = buffer.subarray(0, bytesRead).toString("utf8")
      const newline = text.indexOf("\n")
      if (newline >= 0 || bytesRead < size) return parseSampleLine(newline >= 0 ? text.slice(0, newline) : text)
      size *= 4
    }
  } finally {
    await handle.close()
  }
}
