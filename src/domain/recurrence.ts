import { addDays, addMonths, parseLocalDate } from "./local-date.ts"
import { invalid } from "./errors.ts"
import type { Recurrence } from "./task.ts"

/** The due date of the next occurrence, on the local calendar. */
export function nextDueDate(recurrence: Recurrence, from: string): string {
  const anchor = parseLocalDate(from)?.day
  switch (recurrence.frequency) {
    case "daily":
      return addDays(from, recurrence.interval)
    case "weekly":
      return addDays(from, recurrence.interval * 7)
    case "monthly":
      return addMonths(from, recurrence.interval, anchor)
    case "yearly":
      return addMonths(from, recurrence.interval * 12, anchor)
  }
}

/** `daily`, `weekly`, `monthly`, `yearly`, optionally `every 2 weeks`-style `2w`, `3d`, `2m`, `1y`. */
export function parseRecurrence(input: string): Recurrence {
  const text = input.trim().toLowerCase()
  const named: Record<string, Recurrence["frequency"]> = { daily: "daily", weekly: "weekly", monthly: "monthly", yearly: "yearly" }
  if (named[text]) return { frequency: named[text]!, interval: 1 }
  const match = /^(\d+)\s*([dwmy])$/.exec(text)
  if (match && Number(match[1]) >= 1) {
    const unit = { d: "daily", w: "weekly", m: "monthly", y: "yearly" } as const
    return { frequency: unit[match[2] as keyof typeof unit], interval: Number(match[1]) }
  }
  throw invalid(`'${input}' is not a recurrence: use daily, weekly, monthly, yearly, or 2d, 3w, 2m, 1y`)
}

export function describeRecurrence(recurrence: Recurrence): string {
  if (recurrence.interval === 1) return recurrence.frequency
  const unit = { daily: "days", weekly: "weeks", monthly: "months", yearly: "years" }[recurrence.frequency]
  return `every ${recurrence.interval} ${unit}`
}
