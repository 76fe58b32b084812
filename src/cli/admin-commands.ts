// tsk config list|get|set and tsk doctor [--repair].
import { changeCommandHead } from "./change-command-names.ts"
import type { CommandSpec } from "./command.ts"
import { requirePositional } from "./cli-store.ts"

// The config schema and the doctor are loaded only when these commands run (zod is not cheap to
// load, and most commands never need it).
const configModules = async () => {
  const [store, domain] = await Promise.all([import("../store/config-store.ts"), import("../domain/config.ts")])
  return { ...store, ...domain }
}

const configList: CommandSpec = {
  name: "list",
  summary: "Show every setting with its value",
  usage: "tsk config list",
  async run(ctx) {
    const { readConfig, CONFIG_KEYS, getConfigValue } = await configModules()
    const config = await readConfig(ctx.home)
    const rows = CONFIG_KEYS.map((leaf) => ({ key: leaf.key, value: getConfigValue(config, leaf.key), description: leaf.description }))
    const width = Math.max(...rows.map((r) => r.key.length))
    const text = rows.map((r) => `${r.key.padEnd(width)}  ${ctx.style.bold(JSON.stringify(r.value))}  ${ctx.style.dim(r.description)}`).join("\n")
    return { data: rows, text }
  },
}

const configGet: CommandSpec = {
  name: "get",
  summary: "Print one setting",
  usage: "tsk config get <key>",
  examples: ["tsk config get integrations.agent.pollIntervalMs"],
  async run(ctx, { positionals }) {
    const key = requirePositional(positionals, 0, "key", "tsk config get <key>")
    const { readConfig, getConfigValue } = await configModules()
    const value = getConfigValue(await readConfig(ctx.home), key)
    return { data: { key, value }, text: typeof value === "string" ? value : JSON.stringify(value) }
  },
}

const configSet: CommandSpec = {
  name: "set",
  summary: "Change one setting (validated)",
  usage: "tsk config set <key> <value>",
  examples: ["tsk config set integrations.agent.enabled true", "tsk config set c64.backend ultimate", "tsk config set ui.theme light"],
  async run(ctx, { positionals }) {
    const key = requirePositional(positionals, 0, "key", "tsk config set <key> <value>")
    const raw = requirePositional(positionals, 1, "value", "tsk config set <key> <value>")
    const { parseConfigValue, updateConfig } = await configModules()
    const value = parseConfigValue(key, raw)
    await updateConfig(ctx.home, key, value)
    return { data: { key, value }, text: `${ctx.style.green("✓")} ${key} = ${JSON.stringify(value)}` }
  },
}

export const configCommand: CommandSpec = {
  ...changeCommandHead("config"),
  usage: "tsk config <list|get|set>",
  subcommands: [configList, configGet, configSet],
}

export const doctorCommand: CommandSpec = {
  ...changeCommandHead("doctor"),
  usage: "tsk doctor [--repair]",
  options: { repair: { type: "boolean", description: "salvage the task list (every valid task kept, the rest quarantined); a bad config.json gets its newest good backup" } },
  async run(ctx, { options }) {
    const { runDoctor } = await import("../store/doctor.ts")
    const report = await runDoctor(ctx.home, options.repair === true)
    const s = ctx.style
    const lines = report.files.map((f) => {
      if (f.status === "ok") return `${s.green("✓")} ${f.file}`
      if (f.status === "missing") return `${s.dim("–")} ${f.file} ${s.dim("(not created yet)")}`
      const head = `${s.red("✗")} ${f.file}: ${f.error}`
      if (f.movedTo === undefined) return `${head}\n  run 'tsk doctor --repair' to ${f.file === "config.json" ? "move it aside and restore the newest good backup" : "salvage every valid task"}`
      if (f.file !== "config.json") return `${head}\n  repaired: kept ${f.restoredFrom}; copies: ${f.movedTo}${f.detail ? `\n  ${f.detail}` : ""}`
      return `${head}\n  moved to ${f.movedTo}; ${f.restoredFrom ? `restored ${f.restoredFrom}` : "no good backup: starting from an empty file"}${f.detail ? `; ${f.detail}` : ""}`
    })
    for (const warning of report.warnings) lines.push(`${s.yellow("!")} ${warning}`)
    for (const leftover of report.leftovers) lines.push(`${s.dim("removed")} ${leftover.path} ${s.dim(`(${leftover.reason})`)}`)
    return { data: report, text: lines.join("\n"), exitCode: report.healthy ? 0 : 1 }
  },
}
