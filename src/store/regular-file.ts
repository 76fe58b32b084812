// Reading a file that something else may have put in tsk's place: only a regular file is read,
// and at most a limit of bytes. A FIFO would block the reading process for good (no one writes
// into it), a device such as /dev/zero never ends, a folder or a socket cannot be read, and a
// symbolic link may point anywhere (outside the home, at a FIFO). So: lstat first, open without
// following a link and without blocking, check again on the open descriptor (the name may have
// been swapped meanwhile), and read no more than the limit.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from "node:fs"
import { TskError } from "../domain/errors.ts"

/** One inbox file may be at most this big; a bigger one is moved aside unread (the checkpoint reads no more either). */
export const MAX_INBOX_FILE_BYTES = 16 * 1024 * 1024

export type RegularRead = { kind: "ok"; bytes: Buffer } | { kind: "missing" } | { kind: "odd"; reason: string }

/** What a file that is not a regular file is, for a message: "a FIFO", "a symbolic link" … */
export function oddKindOf(stat: Stats): string | null {
  if (stat.isFile()) return null
  if (stat.isSymbolicLink()) return "a symbolic link"
  if (stat.isDirectory()) return "a folder"
  if (stat.isFIFO()) return "a FIFO"
  if (stat.isSocket()) return "a socket"
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device"
  return "not a regular file"
}

// Worked out when first read, not when the module loads: a listing that reads nothing through here loads no node:fs.
const readFlags = () => constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK

/** The reads after the first, of a file that grew while it was read. */
const GROWTH_CHUNK_BYTES = 64 * 1024

/**
 * The bytes of the regular file at `path`, if it is one of at most `maxBytes`; never blocks.
 * `followLink`: a path a person named (`tsk import ~/old/tasks.json`) may be a link to a regular
 * file; in tsk's own places a link is never followed.
 */
export function readRegularFileSync(path: string | Buffer, maxBytes: number, followLink = false): RegularRead {
  let stat: Stats | undefined
  try {
    stat = followLink ? statSync(path) : lstatSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" }
    throw error
  }
  const odd = oddKindOf(stat)
  if (odd) return { kind: "odd", reason: `is ${odd}, not a regular file` }
  if (stat.size > maxBytes) return { kind: "odd", reason: `is too large (${stat.size} bytes; the limit is ${maxBytes} bytes)` }
  let fd: number
  try {
    fd = openSync(path, followLink ? readFlags() & ~constants.O_NOFOLLOW : readFlags())
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOENT") return { kind: "missing" }
    if (code === "ELOOP") return { kind: "odd", reason: "is a symbolic link, not a regular file" }
    throw error
  }
  try {
    const opened = oddKindOf(fstatSync(fd))
    if (opened) return { kind: "odd", reason: `is ${opened}, not a regular file` }
    // Read up to one byte past the limit: a file that grows while it is read stops there. The
    // first read takes the whole file as it was stat'ed, and its bytes are kept where they were
    // read (not copied: ~1–2 ms for the 5 MB of 10,000 tasks); a file that grew meanwhile is read
    // on into buffers of its own.
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(stat.size + 1, 4096)))
    let chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, maxBytes + 1 - total), null)
      if (n === 0) break
      chunks.push(buffer.subarray(0, n))
      total += n
      if (total > maxBytes) return { kind: "odd", reason: `is too large (more than ${maxBytes} bytes)` }
      buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1 - total, GROWTH_CHUNK_BYTES))
    }
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)
    chunks = []
    return { kind: "ok", bytes }
  } finally {
    closeSync(fd)
  }
}

/** `bytes` as UTF-8 text, or null when they are not valid UTF-8 (never replaced by U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** Is `name` (a file name as bytes) valid UTF-8? A name that is not cannot be given back as text. */
export function isUtf8Name(name: Buffer): boolean {
  return decodeUtf8(name) !== null
}

/** The largest state file tsk reads (tasks.json, config.json, a backup): far above any real list. */
export const MAX_STATE_FILE_BYTES = 256 * 1024 * 1024

/**
 * readFileSync(path, "utf8") for tsk's own files, without blocking or following a link: a missing
 * file throws an ENOENT error as readFileSync does; anything but a regular file within the limit
 * throws an `io` TskError naming the file.
 */
export function readRegularTextSync(path: string, maxBytes = MAX_STATE_FILE_BYTES): string {
  const read = readRegularFileSync(path, maxBytes)
  if (read.kind === "missing") throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT" })
  if (read.kind === "odd") throw new TskError("io", `${path} ${read.reason}; tsk reads only regular files in its home`, { file: path })
  return read.bytes.toString("utf8")
}
