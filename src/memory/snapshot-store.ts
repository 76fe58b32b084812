// The snapshot cache on disk, and nothing else: whether it exists, its text, an atomic write.
// Deciding whether the text can be trusted is the serializer's job.
import { existsSync } from "node:fs"
import { readFile, rename } from "node:fs/promises"
import { writeFileAtomic } from "../store/durable-file.ts"

export function snapshotExists(path: string): boolean {
  return existsSync(path)
}

/** The cache's text, or null when there is none. */
export async function readSnapshotText(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw error
  }
}

/**
 * Atomic (temp file, rename): a reader sees the old cache or the new one, never half. Not fsynced:
 * the cache is derived, written at every turn's end, and one lost to a power cut is detected and
 * rebuilt from the raw log, which is fsynced.
 */
export function writeSnapshotText(path: string, text: string): Promise<void> {
  return writeFileAtomic(path, text)
}

/** An invalid cache is moved aside (kept for inspection), never written over. */
export async function setSnapshotAside(path: string, aside: string): Promise<void> {
  await rename(path, aside).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error
  })
}
