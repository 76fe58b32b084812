// Append-only JSON-lines files (the raw message log, the facts). Appends happen under the agent's
// append lock as one write of whole lines, then fsync. A crash may leave a torn last line: it is
// never rewritten; the next append starts on a fresh line, and readers skip the fragment. Readers
// take only complete lines, so they never see half of an append in progress.
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, statSync, writeSync } from "node:fs"
import { appendError } from "../store/home-links.ts"
import { NEWLINE, readCompleteLines } from "../store/complete-lines.ts"


/** Append `lines` (each one JSON text, without newline) in one write; returns the new file size. */
export function appendJsonLines(path: string, lines: readonly string[]): number {
  // "a+", and never through a link planted in the file's place (see home-links.ts).
  let fd: number
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    throw appendError(error, path)
  }
  try {
    const size = fstatSync(fd).size
    let lead = ""
    if (size > 0) {
      const last = Buffer.alloc(1)
      readSync(fd, last, 0, 1, size - 1)
      if (last[0] !== NEWLINE) lead = "\n"
    }
    const bytes = Buffer.from(lead + lines.map((line) => `${line}\n`).join(""), "utf8")
    writeSync(fd, bytes)
    fsyncSync(fd)
    return size + bytes.length
  } finally {
    closeSync(fd)
  }
}

export interface JsonLines {
  /** The complete lines from `from` on (a fragment at the end is left for later). */
  lines: string[]
  /** Where the next read starts: just after the last complete line. */
  end: number
}

export function fileSize(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.size ?? 0
}

export function readJsonLines(path: string, from = 0): JsonLines {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { lines: [], end: 0 }
    throw error
  }
  try {
    const size = fstatSync(fd).size
    if (size <= from) return { lines: [], end: Math.min(from, size) }
    return readCompleteLines(fd, from, size) ?? { lines: [], end: from }
  } finally {
    closeSync(fd)
  }
}
