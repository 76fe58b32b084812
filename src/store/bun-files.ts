// Reads through Bun's own file API, for what every command reads when it starts (the list, its
// stamp and meta, the config): the bundles load node:fs only when a function of it is first used
// (see build-dist.ts), and node:fs with node:path cost ~2.5 ms of a ~20 ms `tsk list`. Writes keep
// node:fs (descriptors, fsync, open flags): a change pays for it anyway, and so does a cache a
// writer reads inside its lock (readCacheTextSync). Bun runs its file reads
// on a pool of threads: each is a trip there (~0.1–0.3 ms), the first starts a thread (~1 ms,
// which the floor's read pays too). Not mapped (Bun.mmap): a file truncated in place, or gone
// from under a network file system, while mapped stops the process with SIGBUS.
import { readFileSync } from "node:fs"

const missing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT"

/** The text of the file at `path`; null when there is no such file. Other failures throw. */
export async function readTextIfAny(path: string): Promise<string | null> {
  try {
    return await Bun.file(path).text()
  } catch (error) {
    if (missing(error)) return null
    throw error
  }
}

/** The text of a cache file tsk keeps beside another (a stamp, a meta); null when it cannot be read for any reason. */
export function readCacheText(path: string): Promise<string | null> {
  return readTextIfAny(path).catch(() => null)
}

/** readCacheText for a caller that cannot wait (a writer, inside its lock), through node:fs. */
export function readCacheTextSync(path: string): string | null {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return null
  }
}

/** The time Bun gives a path it cannot look at (as dist-paths.mjs's BUN_NO_FILE_TIME). */
const NO_FILE_TIME = 2 ** 52 - 1

/**
 * True when nothing is at `path` (a synchronous stat, which fails without building an error):
 * not a file, nor a folder or anything else that would make a read of it fail.
 */
export function nothingAt(path: string): boolean {
  return Bun.file(path).lastModified === NO_FILE_TIME
}
