// Validating 10,000 tasks with zod on every command would cost more than everything else a
// command does. After tsk writes (or fully validates) tasks.json it records the file's identity
// (see file-identity.ts) in a stamp; a later read of the very same file trusts it and skips the
// schema check. Any other writer — an editor, a script, a restore — changes the identity, and the
// next read validates fully again. The stamp is only a cache: losing it costs one validation.
import { fileIdentity, readFileIdentity } from "./file-identity.ts"
import { hiddenBeside } from "./paths.ts"
import { writeCacheFileSync } from "./atomic-file.ts"
import { readCacheText } from "./bun-files.ts"

const stampPath = (file: string) => hiddenBeside(file, ".validated")

/** True when `file` (with `current`, its identity now) is exactly the content tsk last validated or wrote. */
export async function isValidatedStamp(file: string, current?: string | null): Promise<boolean> {
  const identity = current === undefined ? await readFileIdentity(file) : current
  return identity !== null && (await readValidatedStamp(file)) === identity
}

/**
 * The identity the stamp of `file` names (null when there is none): a statement about that
 * identity, true whenever it is read, so a reader may read it beside the file's identity.
 */
export function readValidatedStamp(file: string): Promise<string | null> {
  return readCacheText(stampPath(file))
}

/**
 * Record that the content of `file` with `identity` (taken before it was read or just after it was
 * written) is valid, only if the path still holds that identity.
 */
export function recordValidatedStamp(file: string, identity: string | null): void {
  if (!identity || fileIdentity(file) !== identity) return
  // A cache that cannot be written only means the next read validates fully.
  writeCacheFileSync(stampPath(file), identity)
}
