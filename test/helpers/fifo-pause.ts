// A process paused at one synchronous read, deterministically: the file it is about to read is
// replaced by a FIFO, so its read blocks until another process opens the FIFO for writing. That
// process (fifo-pause-child.ts) then does what another writer would have done while this one was
// paused (`ops`), puts a regular file with the same content back, and lets the read finish with
// that content. Reads before `when` exists are served unchanged (and the FIFO stays). The child
// gives up after a while, restoring the file, so a test can never block for good.
import { spawn } from "node:child_process"
import { execFileSync } from "node:child_process"
import { readFileSync, renameSync } from "node:fs"
import { fileURLToPath } from "node:url"

export type FifoOp = { op: "unlink"; path: string } | { op: "write"; path: string; content: string }

/** Pause the next read of `path` (which must exist) until `ops` are done. Resolves when the child has exited. */
export function pauseReadOf(path: string, ops: FifoOp[], when?: string): Promise<number | null> {
  const content = readFileSync(path, "utf8")
  const fifo = `${path}.fifo-${process.pid}`
  execFileSync("mkfifo", [fifo])
  renameSync(fifo, path)
  const child = spawn(process.execPath, [fileURLToPath(new URL("./fifo-pause-child.ts", import.meta.url)), JSON.stringify({ path, content, ops, when })], { stdio: "inherit" })
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)))
}
