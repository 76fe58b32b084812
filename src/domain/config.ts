// config.json: every setting with its default. Dotted keys (`integrations.agent.enabled`) address
// the leaves; `tsk config` reads the key list and descriptions from this schema.
import * as z from "zod"
import { invalid, notFound } from "./errors.ts"
import { describeZodIssues } from "./zod-issues.ts"
import { DEFAULT_CONFIG as DEFAULTS } from "./config-defaults.ts"

export const CONFIG_VERSION = 1

const D = DEFAULTS

export const Config = z.object({
  version: z.literal(CONFIG_VERSION).default(CONFIG_VERSION),
  revision: z.number().int().nonnegative().default(0),
  ui: z
    .object({
      theme: z.enum(["dark", "light"]).default(D.ui.theme).describe("colour theme of the TUI"),
      defaultView: z.enum(["list", "board", "calendar", "monitor"]).default(D.ui.defaultView).describe("view the TUI opens on"),
      mouse: z.boolean().default(D.ui.mouse).describe("the TUI takes the mouse: click selects, the wheel scrolls (off: the terminal keeps it for selecting text)"),
      agentStrip: z.enum(["auto", "on", "off"]).default(D.ui.agentStrip).describe("the C64/agent strip under the List: auto shows it only with agent or C64 activity"),
    })
    .default(D.ui),
  integrations: z
    .object({
      agent: z
        .object({
          enabled: z.boolean().default(D.integrations.agent.enabled).describe("the TUI starts the agent bridge on launch"),
          pollIntervalMs: z.number().int().min(50).max(600_000).default(D.integrations.agent.pollIntervalMs).describe("how often the bridge polls the inbox (ms)"),
        })
        .default(D.integrations.agent),
    })
    .default(D.integrations),
  c64: z
    .object({
      backend: z.enum(["sim", "ultimate", "vice"]).default(D.c64.backend).describe("which C64 answers: sim, ultimate or vice"),
      ultimateUrl: z.string().url().nullable().default(D.c64.ultimateUrl).describe("base URL of an Ultimate 64 REST API"),
      ultimatePassword: z.string().nullable().default(D.c64.ultimatePassword).describe("X-Password for the Ultimate 64"),
      viceHost: z.string().min(1).default(D.c64.viceHost).describe("host of VICE's binary monitor"),
      vicePort: z.number().int().min(1).max(65535).default(D.c64.vicePort).describe("port of VICE's binary monitor"),
      timeoutMs: z.number().int().min(100).max(120_000).default(D.c64.timeoutMs).describe("timeout of one backend request (ms)"),
    })
    .default(D.c64),
  os: z
    .object({
      root: z.string().min(1).nullable().default(D.os.root).describe("folder of the agent operating state (default TSK_HOME/os)"),
      maxRetries: z.number().int().min(0).max(100).default(D.os.maxRetries).describe("validation retries per task before BLK_MAX"),
      logMax: z.number().int().min(1).max(1_000_000).default(D.os.logMax).describe("log lines per file before rollover"),
      projectRoot: z.string().min(1).nullable().default(D.os.projectRoot).describe("the agents' project: artifact paths resolve and stay inside it (default: the folder each command comes from)"),
      sessionStaleMinutes: z.number().int().min(1).max(100_000).default(D.os.sessionStaleMinutes).describe("minutes without a hook event before a session shows as stale"),
    })
    .default(D.os),
  runner: z
    .object({
      idleStopMinutes: z.number().positive().max(100_000).default(D.runner.idleStopMinutes).describe("a runner started on demand (by a C64 command) stops after this many minutes with no running C64 task, no client and no inbox traffic"),
    })
    .default(D.runner),
  approvals: z
    .object({
      timeoutSeconds: z.number().gt(0).max(55).default(D.approvals.timeoutSeconds).describe("seconds a permission request waits for an answer in tsk while a TUI is open, before the agent asks in its own terminal (at most 55: the hook's own timeout is 60)"),
    })
    .default(D.approvals),
  sync: z
    .object({
      remote: z.string().min(1).nullable().default(D.sync.remote).describe("the git remote tsk sync shares the list through (set by tsk sync init)"),
      branch: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "must be a plain branch name").default(D.sync.branch).describe("the branch tsk's data lives on"),
      auto: z.boolean().default(D.sync.auto).describe("a running runner (TUI, tsk serve) syncs by itself"),
      everyMinutes: z.number().int().min(1).max(10_080).default(D.sync.everyMinutes).describe("with sync.auto: sync at least this often (minutes)"),
      quietSeconds: z.number().int().min(1).max(3600).default(D.sync.quietSeconds).describe("with sync.auto: sync this long after the last change"),
    })
    .default(D.sync),
})
export type Config = z.infer<typeof Config>

export const DEFAULT_CONFIG: Config = DEFAULTS

interface Leaf {
  key: string
  schema: z.ZodType
  description: string
}

function unwrapDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema
}

function collectLeaves(schema: z.ZodType, prefix: string, out: Leaf[]): Leaf[] {
  const inner = unwrapDefault(schema)
  if (inner instanceof z.ZodObject) {
    for (const [name, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      if (prefix === "" && (name === "version" || name === "revision")) continue
      collectLeaves(child, prefix ? `${prefix}.${name}` : name, out)
    }
  } else {
    out.push({ key: prefix, schema, description: schema.description ?? inner.description ?? "" })
  }
  return out
}

export const CONFIG_KEYS: readonly Leaf[] = collectLeaves(Config, "", [])

function findLeaf(key: string): Leaf {
  const leaf = CONFIG_KEYS.find((l) => l.key === key)
  if (!leaf) throw notFound(`unknown config key '${key}'. Known keys: ${CONFIG_KEYS.map((l) => l.key).join(", ")}`)
  return leaf
}

export function getConfigValue(config: Config, key: string): unknown {
  findLeaf(key)
  let value: unknown = config
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part]
  return value
}

/** Turn what a person typed into the leaf's type: JSON literals first (true, 42, null), then text. */
export function parseConfigValue(key: string, text: string): unknown {
  const leaf = findLeaf(key)
  const candidates: unknown[] = []
  try {
    candidates.push(JSON.parse(text))
  } catch {
    // not a JSON literal: try it as plain text below
  }
  candidates.push(text)
  let firstError: z.ZodError | undefined
  for (const candidate of candidates) {
    const parsed = unwrapDefault(leaf.schema).safeParse(candidate)
    if (parsed.success) return parsed.data
    firstError ??= parsed.error
  }
  throw invalid(`invalid value for ${key}: ${firstError ? describeZodIssues(firstError).replace(/^\(root\): /, "") : text}`)
}

export function setConfigValue(config: Config, key: string, value: unknown): Config {
  findLeaf(key)
  const next = structuredClone(config) as Record<string, unknown>
  const parts = key.split(".")
  let node = next
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>
  node[parts.at(-1)!] = value
  return Config.parse(next)
}
