// Atomic, durable writes for the files background tasks rewrite on every iteration (the registry,
// task.json, result.json): a temp file in the same folder, write, fsync, rename over the target,
// fsync of the folder (DESIGN 5.1). Unlike the store's writer (store/durable-file.ts, which goes
// through fs/promises for every step), the small calls here are synchronous (each asynchronous call
// is a trip through Bun's thread pool, which cost more than the call itself when three tasks each
// write three files a second); only the fsyncs, which can wait on the disk, leave the event loop
// free. `durable: false` skips the two fsyncs (atomic still: a reader sees the old or the new file):
// for files rewritten every iteration that the registry and the samples can restore (task.json,
// result.json between state changes), as the runner heartbeat is.
import { closeSync, fsync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs"
import { dirname } from "node:path"
import { DIR_MODE, FILE_MODE } from "../../store/durable-file.ts"

let sequence = 0

export function fsyncFd(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())))
}

function openTemp(temp: string): number {
  try {
    return openSync(temp, "w", FILE_MODE)
  } catch (error) {
    // Only a missing folder (a task folder another tool never made) is worth a second try.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    mkdirSync(dirname(temp), { recursive: true, mode: DIR_MODE })
    return openSync(temp, "w", FILE_MODE)
  }
}

export async function writeTextDurable(path: string, text: string, durable = true): Promise<void> {
  const temp = `${path}.${process.pid}.${++sequence}.tmp`
  const fd = openTemp(temp)
  let open = true
  try {
    writeSync(fd, text)
    if (durable) await fsyncFd(fd)
    open = false
    closeSync(fd)
    renameSync(temp, path)
  } catch (error) {
    if (open) closeSync(fd)
    try {
      unlinkSync(temp)
    } catch {
      // never created or already renamed
    }
    throw error
  }
  if (!durable) return
  const dir = openSync(dirname(path), "r")
  try {
    await fsyncFd(dir)
  } finally {
    closeSync(dir)
  }
}
