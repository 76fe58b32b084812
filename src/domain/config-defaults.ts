// Every setting's default, in plain data: the config schema (config.ts) takes its defaults from
// here, and the store can start with them without loading zod.
// (Typed against the schema in config.ts, which re-exports it as `Config`.)
export const DEFAULT_CONFIG = {
  version: 1,
  revision: 0,
  ui: { theme: "dark", defaultView: "list", mouse: true, agentStrip: "auto" },
  integrations: { agent: { enabled: false, pollIntervalMs: 2000 } },
  c64: { backend: "sim", ultimateUrl: null, ultimatePassword: null, viceHost: "127.0.0.1", vicePort: 6502, timeoutMs: 5000 },
  os: { root: null, maxRetries: 3, logMax: 1000, projectRoot: null, sessionStaleMinutes: 30 },
  runner: { idleStopMinutes: 10 },
  approvals: { timeoutSeconds: 45 },
  sync: { remote: null, branch: "tsk", auto: false, everyMinutes: 15, quietSeconds: 30 },
} as const
