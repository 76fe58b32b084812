// Picks and builds the backend named in the settings (`c64.backend`: sim, ultimate or vice).
import type { BackendName, C64Backend } from "../backend.ts"
import { invalid } from "../../domain/errors.ts"
import type { Config } from "../../domain/config.ts"
import { createSimBackend, type SimBackendOptions } from "./sim.ts"
import { createUltimateBackend, DEFAULT_TIMEOUT_MS } from "./ultimate.ts"
import { createViceBackend, DEFAULT_VICE_HOST, DEFAULT_VICE_PORT } from "./vice.ts"

export interface BackendConfig {
  backend: BackendName
  ultimate?: { url?: string | null; password?: string | null }
  vice?: { host?: string; port?: number }
  /** One request's timeout for ultimate and vice. */
  timeoutMs?: number
  sim?: SimBackendOptions
}

export function createBackend(config: BackendConfig): C64Backend {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  switch (config.backend) {
    case "sim":
      return createSimBackend(config.sim)
    case "ultimate": {
      const url = config.ultimate?.url
      if (!url) throw invalid("the ultimate backend needs the machine's address: tsk config set c64.ultimateUrl http://<ip>")
      return createUltimateBackend({ url, password: config.ultimate?.password ?? null, timeoutMs })
    }
    case "vice":
      return createViceBackend({ host: config.vice?.host ?? DEFAULT_VICE_HOST, port: config.vice?.port ?? DEFAULT_VICE_PORT, timeoutMs })
    default:
      throw invalid(`unknown C64 backend '${String(config.backend)}': use sim, ultimate or vice`)
  }
}

/** The `c64.*` settings of config.json as backend options. */
export function backendConfigFromSettings(c64: Config["c64"]): BackendConfig {
  return {
    backend: c64.backend,
    ultimate: { url: c64.ultimateUrl, password: c64.ultimatePassword },
    vice: { host: c64.viceHost, port: c64.vicePort },
    timeoutMs: c64.timeoutMs,
  }
}
