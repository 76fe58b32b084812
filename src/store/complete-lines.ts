// Reading an append-only file of lines (a JSON-lines log) from a byte offset: only complete lines,
// so a reader never sees half of an append in progress or a line torn by a crash.
import { readSync } from "node:fs"

export const NEWLINE = 0x0a

/**
 * The complete lines of `fd` between `from` and `size` (what follows the last newline is left for
 * a later read), and the offset just past the last newline; null when no line is complete.
 */
export function readCompleteLines(fd: number, from: number, size: number): { lines: string[]; end: number } | null {
  const buffer = Buffer.alloc(size - from)
  let read = 0
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, from + read)
    if (n === 0) break
    read += n
  }
  const lastNewline = buffer.lastIndexOf(NEWLINE, read - 1)
  if (lastNewline < 0) return null
  return { lines: buffer.toString("utf8", 0, lastNewline).split("\n"), end: from + lastNewline + 1 }
}
