// C64 tasks and memory as text for people: the CLI prints these, and the TUI's hex view can reuse
// the dump. Colour comes in through a style (identity functions when colour is off).
import type { TextStyle } from "../domain/text-style.ts"
import type { C64Event } from "./c64-events.ts"
import type { ForegroundRun } from "./foreground-task.ts"
import type { TaskDetails } from "./c64-service.ts"
import type { RegistryEntry, SampleLine } from "./state/task-schema.ts"
import { formatInterval } from "./interval-text.ts"
import { screenCodeToChar } from "./operations/screen-codes.ts"

export type { TextStyle }

const STATUS_COLOR: Record<RegistryEntry["status"], keyof TextStyle> = { running: "cyan", completed: "green", stopped: "yellow", error: "red" }

export const statusText = (status: RegistryEntry["status"], style: TextStyle) => style[STATUS_COLOR[status]](status)

/** `$0400` when the task has an address, else its first argument, else nothing. */
export function targetOf(task: RegistryEntry): string {
  for (const key of ["address", "start", "text"]) {
    const value = task.args[key]
    if (typeof value === "string" || typeof value === "number") return key === "text" ? `'${value}'` : String(value)
  }
  return ""
}

export function iterationsText(task: RegistryEntry): string {
  if (task.type === "foreground") return ""
  return `${task.iterations ?? 0}/${task.maxIterations ?? "∞"}`
}

export function formatTaskTable(tasks: readonly RegistryEntry[], style: TextStyle): string {
  if (tasks.length === 0) return "No C64 tasks."
  const rows = tasks.map((t) => [t.id, t.type === "background" ? "bg" : "fg", t.operation, targetOf(t), t.status, iterationsText(t), t.startedAt])
  const head = ["ID", "TYPE", "OPERATION", "TARGET", "STATUS", "ITER", "STARTED"]
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[], color = false) =>
    cells.map((c, i) => (color && i === 4 ? statusText(c as RegistryEntry["status"], style) + " ".repeat(widths[i]! - c.length) : c.padEnd(widths[i]!))).join("  ").trimEnd()
  return [style.dim(line(head)), ...rows.map((r) => line(r, true))].join("\n")
}

/** `0400: 08 05 0c …  HEL…` — 16 bytes a line, with the bytes read as screen codes beside. */
export function formatHexDump(address: number, hex: string, perLine = 16): string {
  const lines: string[] = []
  for (let offset = 0; offset * 2 < hex.length; offset += perLine) {
    const chunk = hex.slice(offset * 2, (offset + perLine) * 2)
    const bytes = chunk.match(/../g) ?? []
    const text = bytes.map((b) => screenCodeToChar(Number.parseInt(b, 16))).join("")
    lines.push(`${(address + offset).toString(16).padStart(4, "0")}: ${bytes.join(" ").padEnd(perLine * 3 - 1)}  ${text}`)
  }
  return lines.join("\n")
}

function summaryLines(summary: Record<string, unknown> | undefined): string[] {
  if (!summary) return []
  return Object.entries(summary)
    .filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v))
    .filter(([k, v]) => !(k === "hex" && typeof v === "string" && v.length > 64))
    .map(([k, v]) => `  ${k}: ${String(v)}`)
}

export function formatRun(run: ForegroundRun, folder: string, style: TextStyle): string {
  const { task, result } = run
  const summary = result.summary ?? {}
  const lines = [`${style.green("✓")} ${style.bold(task.id)} ${task.operation} completed`]
  if (task.operation === "read" && typeof summary.hex === "string") {
    lines.push(formatHexDump(Number.parseInt(String(summary.address).slice(1), 16), summary.hex))
  } else if (Array.isArray(summary.rows)) {
    lines.push(...(summary.rows as string[]))
  } else {
    lines.push(...summaryLines(summary))
    if (Array.isArray(summary.spriteAddresses)) lines.push(`  spriteAddresses: ${summary.spriteAddresses.join(", ") || "none"}`)
  }
  lines.push(style.dim(`  files: ${folder}`))
  return lines.join("\n")
}

export function formatDetails(details: TaskDetails, folder: string, style: TextStyle): string {
  const { task, result, samples, log } = details
  const lines = [
    `${style.bold(task.id)}  ${task.type} ${task.operation} ${targetOf(task)}`.trimEnd(),
    `  status: ${statusText(task.status, style)}${task.lastError ? `  ${style.red(task.lastError)}` : ""}`,
  ]
  if (task.type === "background") lines.push(`  every ${formatInterval(task.intervalMs ?? 0)}, iterations ${iterationsText(task)}`)
  lines.push(`  started ${task.startedAt}, updated ${task.updatedAt}${task.stoppedAt ? `, ended ${task.stoppedAt}` : ""}`)
  lines.push(`  args: ${JSON.stringify(task.args)}`)
  const summary = summaryLines(result?.summary)
  if (summary.length > 0) lines.push("Result:", ...summary)
  if (samples.length > 0) lines.push(`Last ${samples.length} samples:`, ...samples.map((s) => `  ${sampleLine(s)}`))
  if (log.length > 0) lines.push("Log:", ...log.map((l) => `  ${l}`))
  for (const problem of details.problems) lines.push(style.yellow(`could not read: ${problem}`))
  lines.push(style.dim(`files: ${folder}`))
  return lines.join("\n")
}

function sampleLine(sample: SampleLine): string {
  const head = sample.hex.slice(0, 32).replace(/(..)/g, "$1 ").trim()
  return `#${sample.i} ${sample.at} ${sample.address} ${head}${sample.hex.length > 32 ? " …" : ""}`
}

/** One progress line for `tsk c64 start` in the foreground. */
export function formatProgress(event: C64Event, style: TextStyle): string | null {
  const id = style.bold(event.task.id)
  switch (event.type) {
    case "iteration": {
      const s = event.summary
      const n = `#${event.task.iterations}/${event.task.maxIterations ?? "∞"}`
      if (typeof s.changedBytes === "number") return `${id} ${n} ${s.address} changed ${s.changedBytes} bytes, mean ${Number(s.mean).toFixed(1)}`
      if (typeof s.lastChanged === "number") return `${id} ${n} ${s.lastChanged} bytes differ from the first capture`
      if (s.found === false) return `${id} ${n} '${s.text}' not on screen yet`
      if (s.found === true) return `${id} ${n} '${s.text}' found at row ${s.row}, column ${s.column}`
      return `${id} ${n}`
    }
    case "completed":
      return `${style.green("✓")} ${id} completed after ${event.task.iterations ?? 0} iterations`
    case "error":
      return `${style.red("✗")} ${id} failed: ${event.error}`
    case "stopped":
      return `${style.yellow("■")} ${id} stopped after ${event.task.iterations ?? 0} iterations`
    default:
      return null
  }
}
