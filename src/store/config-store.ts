// config.json: read with defaults for whatever is missing; `set` is a locked read-modify-write
// with a revision bump and a backup, like every owned file.
import { homePaths } from "./paths.ts"
import { readJsonFile, writeJsonDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { backupBeforeReplace } from "./backups.ts"
import { enqueue } from "./serial-queue.ts"
import { Config, DEFAULT_CONFIG, setConfigValue } from "../domain/config.ts"

export async function readConfig(home: string): Promise<Config> {
  const loaded = await readJsonFile(homePaths(home).config, Config, "config.json")
  return loaded.status === "missing" ? DEFAULT_CONFIG : loaded.value
}

export function updateConfig(home: string, key: string, value: unknown): Promise<Config> {
  const paths = homePaths(home)
  return enqueue(paths.config, () =>
    withFileLock(paths.config, async () => {
      const current = await readConfig(home)
      const next = { ...setConfigValue(current, key, value), revision: current.revision + 1 }
      if (current.revision > 0) await backupBeforeReplace(paths.config, paths.backups, current.revision)
      await writeJsonDurable(paths.config, next)
      return next
    }),
  )
}
