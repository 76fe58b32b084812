// Atomic, durable writes for the files background tasks rewrite on every iteration (the registry,
// task.json, result.json), through the store's whole-file writer (store/atomic-file.ts:
// write-file-atomic, then the rename over the target and the fsync of the folder; DESIGN 5.1).
// `durable: false` skips the two fsyncs (atomic still: a reader sees the old or the new file): for
// files rewritten every iteration that the registry and the samples can restore (task.json,
// result.json between state changes), as the runner heartbeat is. Such a write is made with
// synchronous calls (each asynchronous call is a trip through Bun's thread pool, which cost more
// than the call itself when three tasks each write three files a second); a durable one goes off
// the main thread, where the fsyncs can wait on the disk.
import { fsync } from "node:fs"
import { replaceFile, replaceFileSync } from "../../store/atomic-file.ts"

export function fsyncFd(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())))
}

export async function writeTextDurable(path: string, text: string, durable = true): Promise<void> {
  if (durable) await replaceFile(path, text, true)
  else replaceFileSync(path, text, false)
}
