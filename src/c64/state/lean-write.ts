// Atomic, durable writes for the files background tasks rewrite on every iteration (the registry,
// task.json, result.json). The store's writer (write-file-atomic) resolves the real path, creates
// the folder, chowns and registers exit handlers on every call: nothing for one command, but most
// of an idle runner's cost when three tasks each write three files a second. This one does what
// DESIGN 5.1 asks and no more: a temp file in the same folder, write, fsync, rename over the
// target, fsync of the folder.
import { open, rename, unlink } from "node:fs/promises"
import { dirname } from "node:path"
import { ensureDir, FILE_MODE } from "../../store/durable-file.ts"

let sequence = 0

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function writeTemp(temp: string, text: string): Promise<void> {
  const handle = await open(temp, "w", FILE_MODE)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function writeTextDurable(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${++sequence}.tmp`
  try {
    await writeTemp(temp, text)
  } catch (error) {
    // Only a missing folder (a task folder another tool never made) is worth a second try.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    await ensureDir(dirname(path))
    await writeTemp(temp, text)
  }
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  await syncDir(dirname(path))
}
