// Every whole file tsk replaces goes through here (DESIGN 5.1); the task journal's append is the
// store's own (tasks-journal.ts).
//
// A file: write-file-atomic writes the content to a temp name beside the target
// (`<name>.tmp-<pid>-<hex>`, 0600), fsyncs it (unless the write is only atomic), and renames it
// into place under that temp name (its own temp, `<temp>.<n>`, on the way). Then, synchronously,
// with nothing between: the guard and the locks the call chain holds are checked, the temp is
// renamed over the target, and the folder is fsynced, so the rename survives a power cut too.
// write-file-atomic is not given the target itself because it offers no step between its fsync and
// its rename: a writer paused there past its lock's stale time would rename an old copy over what
// the next holder wrote. Given a fresh temp name, it also never writes through a link planted at
// the target (it resolves the target's real path) nor copies the owner of the file it replaces.
//
// The library is required on the first write, not when this module loads: it loads node:crypto and
// signal-exit (~8 ms of a Bun process's start), which the commands that only read, append to the
// journal or answer a hook never pay. While a write is under way its signal-exit handlers remove
// the temp file on a signal that ends the process; a process with a handler of its own for the
// signal (run-cli's graceful stop) is left to it (keepingOwnSignalHandlers).
//
// A cache (writeCacheFileSync): a file derived from others and written on the read paths (the
// validation stamp, the base's meta, the time-zone window): atomic, not fsynced, a failure
// ignored, and with plain fs calls, so that a `tsk list` never loads the library.
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type WriteFileAtomic from "write-file-atomic"
import { checkHeldLocks } from "./lock-context.ts"
import { makeFolderSync, parentsOfNewFolders, refuseLinkedFolders } from "./home-links.ts"

export const FILE_MODE = 0o600
export const DIR_MODE = 0o700

/** Called just before the rename; throw to give the write up (the temp file is removed). */
export type WriteGuard = () => void

let library: typeof WriteFileAtomic | undefined
function writeFileAtomicLibrary(): typeof WriteFileAtomic {
  return (library ??= require("write-file-atomic") as typeof WriteFileAtomic)
}

/**
 * node:fs/promises (and node:events behind it) costs a process about 3 ms to load, so only the
 * asynchronous writers load it, on their first write: a read never does.
 */
let promisesModule: Promise<typeof import("node:fs/promises")> | undefined
function fsPromises(): Promise<typeof import("node:fs/promises")> {
  return (promisesModule ??= import("node:fs/promises"))
}

/** Make `dir` (and its parents); refused when a folder below the home on the way is a link (home-links.ts). */
/** The folder, made with its parents where missing; a new folder's entry is fsynced in its parent, so a power cut keeps it. */
export async function ensureDir(dir: string): Promise<void> {
  refuseLinkedFolders(dir)
  const created = await (await fsPromises()).mkdir(dir, { recursive: true, mode: DIR_MODE })
  for (const parent of parentsOfNewFolders(created, dir)) await fsyncDir(parent)
}

export function ensureDirSync(dir: string): void {
  makeFolderSync(dir)
}

export function fsyncDirSync(dir: string): void {
  const fd = openSync(dir, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await (await fsPromises()).open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
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
 * leftovers (write-file-atomic's own temp adds `.<n>` to it). Named without node:path, which a
 * bundle loads only when first used (see build-dist.ts).
 */
export function tempPathFor(path: string): string {
  return `${path}.tmp-${process.pid}-${randomHex(4)}`
}

/** A temp name of ours, with write-file-atomic's `.<n>` when it is that library's own temp. */
export const TEMP_NAME = /\.tmp-(\d+)-[0-9a-f]+(?:\.\d+)?$/

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

/** The library takes a Buffer: the same bytes, not copied. */
function bufferOf(content: string | Uint8Array): string | Buffer {
  return typeof content === "string" || Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength)
}

function libraryOptions(durable: boolean): WriteFileAtomic.Options {
  // The temp name is new: no mode or owner of an earlier file to copy, and no link to follow.
  return { mode: FILE_MODE, fsync: durable }
}

/** The signals a tsk process may handle itself (run-cli.ts stops a command gracefully on two). */
const HANDLED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const

/** Library writes under way, and the listeners they share (keepingOwnSignalHandlers). */
let writesUnderWay = 0
let keepers: Array<[NodeJS.Signals, () => void]> = []

/**
 * Run an asynchronous library write without letting signal-exit end the process on a signal that
 * a handler of the process's own was there to take. signal-exit re-raises a signal when it counts
 * no listener but its own, and a `process.once` handler (run-cli's graceful stop) has removed
 * itself by the time signal-exit counts: the process would end just as its graceful stop began.
 * For each signal that had handlers before the write, a listener ahead of them stays while one of
 * those is still there, so a first signal goes to them and a second, as without the library,
 * ends the process (signal-exit then removes the temp file). A synchronous write needs none:
 * signals reach JavaScript only after it, when signal-exit's handlers are gone.
 */
async function keepingOwnSignalHandlers<T>(write: () => Promise<T>): Promise<T> {
  // The process's own handlers are the listeners there when no write is under way: during one,
  // its listener and signal-exit's are there too, and a write that began then would count them as
  // the process's own and keep its listener through a second signal, swallowing it. Writes at once
  // share the first one's listeners, removed when the last one ends.
  if (writesUnderWay++ === 0) {
    for (const signal of HANDLED_SIGNALS) {
      const before = process.listeners(signal)
      if (before.length === 0) continue
      const listener = () => {
        if (!process.listeners(signal).some((handler) => before.includes(handler))) process.removeListener(signal, listener)
      }
      process.prependListener(signal, listener)
      keepers.push([signal, listener])
    }
  }
  try {
    return await write()
  } finally {
    if (--writesUnderWay === 0) {
      for (const [signal, listener] of keepers) process.removeListener(signal, listener)
      keepers = []
    }
  }
}

/**
 * Replace `path` with `content`, atomically; `durable`: the file and its folder fsynced. The
 * library's write runs off the main thread; the guard and the rename are synchronous.
 */
export async function replaceFile(path: string, content: string | Uint8Array, durable: boolean, guard?: WriteGuard): Promise<void> {
  await ensureDir(dirname(path))
  const temp = tempPathFor(path)
  try {
    await keepingOwnSignalHandlers(() => writeFileAtomicLibrary()(temp, bufferOf(content), libraryOptions(durable)))
  } catch (error) {
    removeQuietly(temp)
    throw error
  }
  renameGuarded(temp, path, guard)
  if (durable) await fsyncDir(dirname(path))
}

export function replaceFileSync(path: string, content: string | Uint8Array, durable: boolean, guard?: WriteGuard): void {
  ensureDirSync(dirname(path))
  const temp = tempPathFor(path)
  try {
    writeFileAtomicLibrary().sync(temp, bufferOf(content), libraryOptions(durable))
  } catch (error) {
    removeQuietly(temp)
    throw error
  }
  renameGuarded(temp, path, guard)
  if (durable) fsyncDirSync(dirname(path))
}

/**
 * Write `content` to `temp`, a new file of the caller's naming that something records before it
 * is renamed into place (the runner's batch: runner-task-commit.ts): whole and fsynced, or absent.
 */
export function writeTempFileSync(temp: string, content: string | Uint8Array): void {
  try {
    writeFileAtomicLibrary().sync(temp, bufferOf(content), libraryOptions(true))
  } catch (error) {
    removeQuietly(temp)
    throw error
  }
}

/**
 * A cache file, derived from others and rebuilt when lost: atomic (a reader sees the old or the
 * new), not fsynced, in a folder that exists; false when it could not be written.
 */
export function writeCacheFileSync(path: string, content: string | Uint8Array): boolean {
  const temp = tempPathFor(path)
  try {
    writeFileSync(temp, content, { mode: FILE_MODE, flag: "wx" })
    renameSync(temp, path)
    return true
  } catch {
    removeQuietly(temp)
    return false
  }
}
