// Reads through Bun's own file API, for what every command reads when it starts (the list, its
// stamp and meta, the config): the bundles load node:fs only when a function of it is first used
// (see build-dist.ts), and node:fs with node:path cost ~2.5 ms of a ~20 ms `tsk list`. Writes keep
// node:fs (descriptors, fsync, open flags): a change pays for it anyway. Bun runs its file reads
// on a pool of threads; the first call starts it (~1 ms, which the floor's read pays too).
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

/**
 * The text of a small cache file tsk keeps beside another (a stamp, a meta), or null when it
 * cannot be read for any reason (a cache only). Mapped, synchronously: a trip to Bun's thread pool
 * costs ~0.1 ms, a new thread of it ~1 ms. tsk replaces these files whole (by rename), never in
 * place, so the mapping cannot shrink under the read.
 */
export function readCacheText(path: string): string | null {
  try {
    return new TextDecoder().decode(Bun.mmap(path))
  } catch {
    // missing, empty (nothing to map), unreadable
    return null
  }
}
