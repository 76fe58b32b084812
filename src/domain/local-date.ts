// Local calendar dates (`YYYY-MM-DD`). Due dates and recurrence live on the person's calendar, not
// in UTC: "today" is the local date, and arithmetic works on year/month/day, never on timestamps,
// so it is right in every time zone and across DST changes.
import { invalid } from "./errors.ts"

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

export interface DateParts {
  year: number
  month: number // 1-12
  day: number
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function parseLocalDate(text: string): DateParts | null {
  const match = DATE_RE.exec(text)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function isLocalDate(text: string): boolean {
  return parseLocalDate(text) !== null
}

export function formatLocalDate(parts: DateParts): string {
  return `${String(parts.year).padStart(4, "0")}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`
}

/** The local calendar date of an instant, in the process's time zone. */
export function localDateOf(instant: Date): string {
  return formatLocalDate({ year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() })
}

function toParts(date: string): DateParts {
  const parts = parseLocalDate(date)
  if (!parts) throw invalid(`'${date}' is not a date (use YYYY-MM-DD)`)
  return parts
}

/** Day arithmetic on the calendar (UTC is used only as a time-zone-free day counter). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = toParts(date)
  const shifted = new Date(Date.UTC(year, month - 1, day + days))
  return formatLocalDate({ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() })
}

/** Month arithmetic that clamps to the end of shorter months (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number, anchorDay?: number): string {
  const { year, month, day } = toParts(date)
  const index = year * 12 + (month - 1) + months
  const newYear = Math.floor(index / 12)
  const newMonth = (index % 12) + 1
  const wanted = anchorDay ?? day
  return formatLocalDate({ year: newYear, month: newMonth, day: Math.min(wanted, daysInMonth(newYear, newMonth)) })
}

/** Whole days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: string, b: string): number {
  const pa = toParts(a)
  const pb = toParts(b)
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000)
}

/** Monday-based day of week, 0 = Monday. */
export function weekdayIndex(date: string): number {
  const { year, month, day } = toParts(date)
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7
}

/**
 * Parse what a person types for a date: `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, `+Nd`,
 * `+Nw`, or a weekday name (the next one after today).
 */
export function parseDateInput(input: string, today: string): string {
  const text = input.trim().toLowerCase()
  if (text === "today") return today
  if (text === "tomorrow") return addDays(today, 1)
  if (text === "yesterday") return addDays(today, -1)
  const relative = /^([+-]?\d+)([dw])$/.exec(text)
  if (relative) {
    const n = Number(relative[1])
    const date = addDays(today, relative[2] === "w" ? n * 7 : n)
    // Far offsets leave the calendar's four-digit years (or the safe integers): refused, not wrapped.
    if (!isLocalDate(date)) throw invalid(`'${input}' is too far from today: dates run from 0001 to 9999`)
    return date
  }
  const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  const weekday = weekdays.findIndex((w) => text.length >= 3 && w.startsWith(text.slice(0, 3)) && /^[a-z]+$/.test(text))
  if (weekday >= 0) {
    const delta = ((weekday - weekdayIndex(today) + 6) % 7) + 1
    return addDays(today, delta)
  }
  if (parseLocalDate(input.trim())) return input.trim()
  throw invalid(`'${input}' is not a date: use YYYY-MM-DD, today, tomorrow, +3d, +2w or a weekday`)
}
