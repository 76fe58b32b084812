// Durable JSON files: temp file (O_EXCL, 0600) + fsync + rename, then fsync of the folder so the
// rename itself survives a power cut. Plain fs calls only: no module load, no stream set-up, no
// signal handlers (write-file-atomic's signal-exit used to re-raise SIGTERM and kill the
// process before its own graceful stop). A guarded write checks, just before its rename, that it
// may still replace the file (its lock is still held, the file is the one it read); otherwise the
// temp file is removed and nothing is written.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { basename, dirname } from "node:path"
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import { checkHeldLocks } from "./lock-context.ts"
import { refuseLinkedFolders } from "./home-links.ts"
import { describeZodIssues, formatIssuePath } from "../domain/zod-issues.ts"

export { describeZodIssues }

export const FILE_MODE = 0o600
export const DIR_MODE = 0o700

/**
 * node:fs/promises (and node:events behind it) costs a process about 3 ms to load, so only the
 * writers that go off the main thread load it, on their first write: a read never does.
 */
let promisesModule: Promise<typeof import("node:fs/promises")> | undefined
function fsPromises(): Promise<typeof import("node:fs/promises")> {
  return (promisesModule ??= import("node:fs/promises"))
}

/** Make `dir` (and its parents); refused when a folder below the home on the way is a link (home-links.ts). */
export async function ensureDir(dir: string): Promise<void> {
  refuseLinkedFolders(dir)
  await (await fsPromises()).mkdir(dir, { recursive: true, mode: DIR_MODE })
}

export function ensureDirSync(dir: string): void {
  refuseLinkedFolders(dir)
  mkdirSync(dir, { recursive: true, mode: DIR_MODE })
}

export function fsyncDirSync(dir: string): void {
  const fd = openSync(dir, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * `bytes` random bytes as hex, from the Web Crypto global: importing node:crypto (which loads
 * Node's streams) would cost every command that loads the store about 10 ms of start-up.
 */
export function randomHex(bytes: number): string {
  let hex = ""
  for (const byte of crypto.getRandomValues(new Uint8Array(bytes))) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/**
 * `<name>.tmp-<pid>-<random>`, beside `path`: the pid lets `tsk doctor` tell a dead writer's
 * leftovers. Named without node:path, which a bundle loads only when first used (see build-dist.ts).
 */
export function tempPathFor(path: string): string {
  return `${path}.tmp-${process.pid}-${randomHex(4)}`
}

export const TEMP_NAME = /\.tmp-(\d+)-[0-9a-f]+$/

/** Called just before the rename; throw to give the write up (the temp file is removed). */
export type WriteGuard = () => void

function writeTempSync(temp: string, content: string | Uint8Array, sync: boolean): void {
  const fd = openSync(temp, "wx", FILE_MODE)
  try {
    writeFileSync(fd, content)
    if (sync) fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function removeQuietly(temp: string): void {
  try {
    unlinkSync(temp)
  } catch {
    // already gone
  }
}

function renameGuarded(temp: string, path: string, guard?: WriteGuard): void {
  try {
    guard?.()
    checkHeldLocks()
    renameSync(temp, path)
  } catch (error) {
    removeQuietly(temp)
    throw error
  }
}

function replaceFileSync(path: string, content: string | Uint8Array, sync: boolean, guard?: WriteGuard): void {
  ensureDirSync(dirname(path))
  const temp = tempPathFor(path)
  writeTempSync(temp, content, sync)
  renameGuarded(temp, path, guard)
  if (sync) fsyncDirSync(dirname(path))
}

/**
 * The same, with the write and the fsyncs off the main thread (fs/promises: no streams loaded), so
 * a long-lived process (the TUI) keeps drawing while the disk flushes. The guard and the rename
 * stay synchronous: nothing runs between the check and the rename.
 */
async function replaceFile(path: string, content: string | Uint8Array, sync: boolean, guard?: WriteGuard): Promise<void> {
  await ensureDir(dirname(path))
  const temp = tempPathFor(path)
  const { open } = await fsPromises()
  const handle = await open(temp, "wx", FILE_MODE)
  try {
    await handle.writeFile(content)
    if (sync) await handle.sync()
  } catch (error) {
    await handle.close().catch(() => {})
    removeQuietly(temp)
    throw error
  }
  await handle.close()
  renameGuarded(temp, path, guard)
  if (sync) {
    const dir = await open(dirname(path), "r")
    try {
      await dir.sync()
    } finally {
      await dir.close()
    }
  }
}

/** Write `content` to `path` atomically and durably. */
export function writeFileDurable(path: string, content: string | Uint8Array, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, content, true, guard)
}

export function writeFileDurableSync(path: string, content: string | Uint8Array, guard?: WriteGuard): void {
  replaceFileSync(path, content, true, guard)
}

/**
 * Atomic but not fsynced: for state that is rewritten every second and worthless after a power
 * cut (a runner's heartbeat), or derived and rebuilt when lost (a memory snapshot). Readers still
 * never see a half-written file.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, content, false, guard)
}

export function writeFileAtomicSync(path: string, content: string | Uint8Array, guard?: WriteGuard): void {
  replaceFileSync(path, content, false, guard)
}

export function writeJsonAtomic(path: string, value: unknown, guard?: WriteGuard): Promise<void> {
  return writeFileAtomic(path, JSON.stringify(value, null, 2) + "\n", guard)
}

export function writeJsonDurable(path: string, value: unknown, pretty = true, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, JSON.stringify(value, null, pretty ? 2 : undefined) + "\n", true, guard)
}

export type LoadedJson<T> = { status: "missing" } | { status: "ok"; value: T; text: string }

/** Parse and validate a JSON text; a failure is a `corrupt` TskError naming the file and field. */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S, fileLabel: string): z.infer<S> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new TskError("corrupt", `${fileLabel} is not valid JSON (${reason})`, { file: fileLabel })
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const field = parsed.error.issues[0] ? formatIssuePath(parsed.error.issues[0].path) : ""
    throw new TskError("corrupt", `${fileLabel} is invalid: ${describeZodIssues(parsed.error)}`, {
      file: fileLabel,
      field,
    })
  }
  return parsed.data
}

/** Read and validate a JSON file. A missing file is reported as such, never as an error. */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fileLabel = basename(path),
): Promise<LoadedJson<z.infer<S>>> {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" }
    throw new TskError("io", `cannot read ${fileLabel}: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  return { status: "ok", value: parseJsonText(text, schema, fileLabel), text }
}
