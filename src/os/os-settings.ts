// Where the agent operating state lives and its limits, from `config.json` (`os.root`,
// `os.maxRetries`, `os.logMax`, `os.projectRoot`, `os.sessionStaleMinutes`; nested `{"os": {...}}`
// or flat `"os.root"` keys). Read again for every command, so a changed value takes effect at once,
// even in a long-lived runner. Kept free of zod and other heavy imports: `tsk hook` loads this on
// every hook event.
import { readFileSync } from "node:fs"
import { isAbsolute, join, resolve } from "node:path"

/** The documented default of `os.logMax` (lines per log unit before rollover). */
export const DEFAULT_LOG_MAX = 1000
export const DEFAULT_MAX_RETRIES = 3
/** A session that reported nothing for this long is shown as stale. */
export const DEFAULT_SESSION_STALE_MINUTES = 30

export interface OsSettings {
  root: string
  maxRetries?: number
  logMax?: number
  /** The agents' project: artifact paths resolve and stay inside it (absolute, or relative to the home). */
  projectRoot?: string
  sessionStaleMinutes?: number
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
const folder = (value: unknown, home: string) =>
  typeof value === "string" && value.length > 0 ? (isAbsolute(value) ? value : resolve(home, value)) : undefined

/** The settings for `home`; relative folders are taken from the home folder. */
export function resolveOsSettings(home: string): OsSettings {
  const config = readConfig(home)
  const settings: OsSettings = { root: folder(configValue(config, "root"), home) ?? join(home, "os") }
  const maxRetries = positiveInt(configValue(config, "maxRetries"))
  const logMax = positiveInt(configValue(config, "logMax"))
  const projectRoot = folder(configValue(config, "projectRoot"), home)
  const stale = positiveInt(configValue(config, "sessionStaleMinutes"))
  if (maxRetries !== undefined) settings.maxRetries = maxRetries
  if (logMax !== undefined && logMax >= 1) settings.logMax = logMax
  if (projectRoot !== undefined) settings.projectRoot = projectRoot
  if (stale !== undefined && stale >= 1) settings.sessionStaleMinutes = stale
  return settings
}
