// Command-line options: `--name value`, `--name=value`, `-n value`, boolean `--flag`, repeated
// options when `multiple`, and `--` to end options. Strict: an unknown option is an error.
// (node:util's parseArgs does the same but costs more start-up time than a CLI command should.)
import { invalid } from "../domain/errors.ts"
import type { OptionValues } from "./command.ts"

export interface ParseOption {
  type: "string" | "boolean"
  short?: string
  multiple?: boolean
}

export function parseCommandArgs(args: readonly string[], options: Record<string, ParseOption>): { positionals: string[]; options: OptionValues } {
  const byShort = new Map(Object.entries(options).flatMap(([name, o]) => (o.short ? [[o.short, name] as const] : [])))
  const values: OptionValues = {}
  const positionals: string[] = []
  const set = (name: string, value: string | boolean) => {
    const option = options[name]!
    if (option.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), String(value)]
    else values[name] = value
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      positionals.push(...args.slice(i + 1))
      break
    }
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(arg)
    const short = long ? null : /^-([^-])$/.exec(arg)
    if (!long && !short) {
      positionals.push(arg)
      continue
    }
    const name = long ? long[1]! : byShort.get(short![1]!)
    const flag = long ? `--${long[1]}` : arg
    if (name === undefined || !(name in options)) throw invalid(`Unknown option '${flag}'`)
    const option = options[name]!
    if (option.type === "boolean") {
      if (long?.[2] !== undefined) throw invalid(`Option '${flag}' does not take a value`)
      set(name, true)
      continue
    }
    const inline = long?.[2]
    if (inline !== undefined) {
      set(name, inline)
      continue
    }
    const next = args[i + 1]
    if (next === undefined || (next.startsWith("-") && next.length > 1 && !/^-\d/.test(next))) {
      throw invalid(`Option '${flag} <value>' argument missing`)
    }
    set(name, next)
    i++
  }
  return { positionals, options: values }
}
