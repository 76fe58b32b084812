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
