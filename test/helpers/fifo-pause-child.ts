// The other side of fifo-pause.ts: serves reads of the FIFO at `path`, and at the one it waits for
// (once `when` exists, or the first) does `ops`, puts a regular file back, and exits.
import { closeSync, constants, existsSync, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from "node:fs"
import type { FifoOp } from "./fifo-pause.ts"

const { path, content, ops, when } = JSON.parse(process.argv[2]!) as { path: string; content: string; ops: FifoOp[]; when?: string }
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
const restore = () => {
  writeFileSync(`${path}.restore`, content)
  renameSync(`${path}.restore`, path)
}
const deadline = Date.now() + 20_000
for (;;) {
  if (Date.now() > deadline) {
    restore()
    process.exit(2)
  }
  let fd: number
  try {
    // Succeeds only while a reader has the FIFO open (ENXIO otherwise).
    fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error
    sleep(1)
    continue
  }
  const act = when === undefined || existsSync(when)
  if (act) {
    for (const op of ops) {
      if (op.op === "unlink") unlinkSync(op.path)
      else {
        writeFileSync(`${op.path}.other-writer`, op.content)
        renameSync(`${op.path}.other-writer`, op.path)
      }
    }
    restore()
  }
  writeSync(fd, content)
  closeSync(fd)
  if (act) process.exit(0)
  sleep(20)
}
