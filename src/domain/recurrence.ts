import { addDays, addMonths, parseLocalDate } from "./local-date.ts"
import { invalid } from "./errors.ts"
import type { Recurrence } from "./task.ts"

/** 0 = Monday … 6 = Sunday, the ancestor's numbering of `daysOfWeek`. */
export function weekdayOf(date: string): number {
  const parts = parseLocalDate(date)
  if (!parts) return 0
  return (new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay() + 6) % 7
}

/** Weekly on given weekdays: the next one later this week, else the first one `interval` weeks on. */
function nextWeekday(from: string, days: readonly number[], interval: number): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  const today = weekdayOf(from)
  const later = sorted.find((d) => d > today)
  if (later !== undefined) return addDays(from, later - today)
  return addDays(from, 7 * interval - today + sorted[0]!)
}

function nextDate(recurrence: Recurrence, from: string): string {
  const anchor = recurrence.dayOfMonth ?? parseLocalDate(from)?.day
  switch (recurrence.frequency) {
    case "daily":
      return addDays(from, recurrence.interval)
    case "weekly":
      return recurrence.daysOfWeek && recurrence.daysOfWeek.length > 0
        ? nextWeekday(from, recurrence.daysOfWeek, recurrence.interval)
        : addDays(from, recurrence.interval * 7)
    case "monthly":
      return addMonths(from, recurrence.interval, anchor)
    case "yearly":
      return addMonths(from, recurrence.interval * 12, anchor)
  }
}

/** The due date of the next occurrence, on the local calendar; null once past `endDate`. */
export function nextDueDate(recurrence: Recurrence, from: string): string | null {
  const next = nextDate(recurrence, from)
  return recurrence.endDate && next > recurrence.endDate ? null : next
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

const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

export function describeRecurrence(recurrence: Recurrence): string {
  const unit = { daily: "days", weekly: "weeks", monthly: "months", yearly: "years" }[recurrence.frequency]
  let text = recurrence.interval === 1 ? recurrence.frequency : `every ${recurrence.interval} ${unit}`
  if (recurrence.frequency === "weekly" && recurrence.daysOfWeek && recurrence.daysOfWeek.length > 0) {
    text += ` on ${[...new Set(recurrence.daysOfWeek)].sort((a, b) => a - b).map((d) => WEEKDAY_NAMES[d]).join(", ")}`
  }
  if (recurrence.endDate) text += ` until ${recurrence.endDate}`
  return text
}
