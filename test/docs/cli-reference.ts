// The CLI reference (docs/cli-reference.md), made from the command table: every command and
// subcommand with its usage, summary, options and examples, as `tsk <command> --help` shows them.
import { rootCommand } from "../../src/cli/commands.ts"
import type { CommandSpec } from "../../src/cli/command.ts"

async function loaded(spec: CommandSpec): Promise<CommandSpec> {
  return spec.load ? { ...(await spec.load()), aliases: spec.aliases } : spec
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ")
}

function section(spec: CommandSpec, path: string[]): string[] {
  const heading = "#".repeat(Math.min(path.length, 4))
  const lines = [`${heading} \`${path.join(" ")}\``, "", spec.summary, ""]
  if (spec.aliases?.length) lines.push(`Also: ${spec.aliases.map((a) => `\`${[...path.slice(0, -1), a].join(" ")}\``).join(", ")}`, "")
  lines.push("```", spec.usage, "```", "")
  if (spec.description) lines.push(spec.description, "")
  const options = Object.entries(spec.options ?? {})
  if (options.length > 0) {
    lines.push("| option | meaning |", "| --- | --- |")
    for (const [name, opt] of options) {
      const flag = `${opt.short ? `-${opt.short}, ` : ""}--${name}${opt.type === "string" ? ` <${opt.valueName ?? "value"}>` : ""}`
      lines.push(`| \`${escapeCell(flag)}\` | ${escapeCell(opt.description)} |`)
    }
    lines.push("")
  }
  if (spec.examples?.length) lines.push("Examples:", "", "```sh", ...spec.examples, "```", "")
  return lines
}

async function walk(spec: CommandSpec, path: string[]): Promise<string[]> {
  const full = await loaded(spec)
  const lines = path.length === 1 ? [] : section(full, path)
  for (const sub of full.subcommands ?? []) lines.push(...(await walk(sub, [...path, sub.name])))
  return lines
}

export async function cliReference(): Promise<string> {
  const head = [
    "# CLI reference",
    "",
    "Made from the command table by `npm run docs`; a test keeps it in step. Every command also",
    "takes `--json` (machine-readable output, errors too) and `-h`/`--help` (`--help --json` gives",
    "this as data).",
    "",
    rootCommand.description ?? "",
    "",
  ]
  return [...head, ...(await walk(rootCommand, ["tsk"]))].join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n"
}
