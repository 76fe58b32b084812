// config.json: read with defaults for whatever is missing; `set` is a locked read-modify-write
// with a revision bump and a backup, like every owned file. Like tasks.json, a config.json that
// tsk wrote itself is trusted without loading the schema (see validated-stamp.ts), so the TUI's
// first frame does not wait for zod.
import { pathsOf, type HomePaths } from "./paths.ts"
import { readJsonFile, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { backupVersion } from "./backups.ts"
import { contentIdentity, fileIdentity, readFileIdentity } from "./file-identity.ts"
import { readTextIfAny } from "./bun-files.ts"
import { enqueue } from "./serial-queue.ts"
import { isValidatedStamp, recordValidatedStamp } from "./validated-stamp.ts"
import type { Config } from "../domain/config.ts"
import { DEFAULT_CONFIG } from "../domain/config-defaults.ts"

const serializeConfig = (config: Config) => JSON.stringify(config, null, 2) + "\n"

export async function readConfig(home: string | HomePaths): Promise<Config> {
  const file = pathsOf(home).config
  const before = await readFileIdentity(file)
  // No file: the defaults, without loading the schema (the TUI's first frame waits for this read).
  if (before === null) return DEFAULT_CONFIG
  if (await isValidatedStamp(file, before)) {
    try {
      const trusted = JSON.parse((await readTextIfAny(file)) ?? "") as Config
      if (trusted.version === DEFAULT_CONFIG.version && (await readFileIdentity(file)) === before) return trusted
    } catch {
      // changed under us: validate below
    }
  }
  const { Config } = await import("../domain/config.ts")
  const loaded = await readJsonFile(file, Config, "config.json")
  if (loaded.status === "missing") return DEFAULT_CONFIG
  if (loaded.text === serializeConfig(loaded.value)) recordValidatedStamp(file, before)
  return loaded.value
}

export function updateConfig(home: string | HomePaths, key: string, value: unknown): Promise<Config> {
  const paths = pathsOf(home)
  return enqueue(paths.config, () =>
    withFileLockRetrying(paths.config, async (lock) => {
      const { setConfigValue } = await import("../domain/config.ts")
      const read = contentIdentity(paths.config)
      const current = await readConfig(paths)
      const next = { ...setConfigValue(current, key, value), revision: current.revision + 1 }
      const text = serializeConfig(next)
      await writeFileDurable(paths.config, text, lockGuard(lock, paths.config, read))
      backupVersion(paths.config, paths.backups, text, next.revision)
      recordValidatedStamp(paths.config, fileIdentity(paths.config))
      return next
    }),
  )
}
