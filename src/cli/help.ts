import type { CommandSpec } from "./command.ts"

const GLOBAL_OPTIONS = [
  ["--json", "machine-readable output (errors too)"],
  ["-h, --help", "show help"],
] as const

function optionLines(spec: CommandSpec): string[] {
  const rows: Array<[string, string]> = Object.entries(spec.options ?? {}).map(([name, opt]) => {
    const flag = `${opt.short ? `-${opt.short}, ` : ""}--${name}${opt.type === "string" ? ` <${opt.valueName ?? "value"}>` : ""}`
    return [flag, opt.description]
  })
  rows.push(...GLOBAL_OPTIONS.map(([a, b]) => [a, b] as [string, string]))
  const width = Math.max(...rows.map(([flag]) => flag.length))
  return rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`)
}

/**
 * The help of `spec` for a program (`--help --json`, or `tsk --json` alone): what formatHelp says
 * for people, as data. Options are named as on the command line; a string option has its value's
 * name; the global options come last, as in the text.
 */
export function helpData(spec: CommandSpec): Record<string, unknown> {
  const options = Object.entries(spec.options ?? {}).map(([name, opt]) => ({
    name: `--${name}`,
    ...(opt.short ? { short: `-${opt.short}` } : {}),
    type: opt.type,
    ...(opt.type === "string" ? { value: opt.valueName ?? "value" } : {}),
    ...(opt.multiple ? { repeatable: true } : {}),
    description: opt.description,
  }))
  options.push({ name: "--json", type: "boolean", description: GLOBAL_OPTIONS[0][1] }, { name: "--help", short: "-h", type: "boolean", description: GLOBAL_OPTIONS[1][1] })
  return {
    usage: spec.usage,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.subcommands && spec.subcommands.length > 0 ? { commands: spec.subcommands.map((sub) => ({ name: sub.name, ...(sub.aliases?.length ? { aliases: sub.aliases } : {}), summary: sub.summary })) } : {}),
    options,
    examples: spec.examples ?? [],
  }
}

export function formatHelp(spec: CommandSpec): string {
  const lines = [`Usage: ${spec.usage}`, "", spec.summary]
  if (spec.description) lines.push("", spec.description)
  if (spec.subcommands && spec.subcommands.length > 0) {
    lines.push("", "Commands:")
    const width = Math.max(...spec.subcommands.map((c) => c.name.length + (c.aliases?.length ? c.aliases.join("|").length + 1 : 0)))
    for (const sub of spec.subcommands) {
      const name = [sub.name, ...(sub.aliases ?? [])].join("|")
      lines.push(`  ${name.padEnd(width)}  ${sub.summary}`)
    }
  }
  lines.push("", "Options:", ...optionLines(spec))
  if (spec.examples && spec.examples.length > 0) lines.push("", "Examples:", ...spec.examples.map((e) => `  ${e}`))
  return lines.join("\n")
}
