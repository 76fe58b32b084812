// Where the agent operating state lives and its limits, from `config.json` (`os.root`,
// `os.maxRetries`, `os.logMax`; nested `{"os": {...}}` or flat `"os.root"` keys). Kept free of zod
// and other heavy imports: `tsk hook` loads this on every hook event.
import { readFileSync } from "node:fs"
import { isAbsolute, join, resolve } from "node:path"

export interface OsSettings {
  root: string
  maxRetries?: number
  logMax?: number
}

function configValue(config: Record<string, unknown>, key: string): unknown {
  const nested = config.os
  if (nested && typeof nested === "object" && key in nested) return (nested as Record<string, unknown>)[key]
  return config[`os.${key}`]
}

function readConfig(home: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(home, "config.json"), "utf8"))
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const positiveInt = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined)

/** The settings for `home`; a relative `os.root` is taken from the home folder. */
export function resolveOsSettings(home: string): OsSettings {
  const config = readConfig(home)
  const root = configValue(config, "root")
  const settings: OsSettings = {
    root: typeof root === "string" && root.length > 0 ? (isAbsolute(root) ? root : resolve(home, root)) : join(home, "os"),
  }
  const maxRetries = positiveInt(configValue(config, "maxRetries"))
  const logMax = positiveInt(configValue(config, "logMax"))
  if (maxRetries !== undefined) settings.maxRetries = maxRetries
  if (logMax !== undefined && logMax >= 1) settings.logMax = logMax
  return settings
}
