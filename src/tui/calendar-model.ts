// The calendar's month grid (weeks start on Monday) and the tasks due on each day.
import { addDays, parseLocalDate, weekdayIndex, formatLocalDate } from "../domain/local-date.ts"
import { compareTasks, type SortKey } from "../domain/task-query.ts"
import type { Task } from "../domain/task.ts"
import type { TaskView } from "./task-view.ts"
import { matchesSearch } from "./visible-rows.ts"

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

export interface MonthGrid {
  title: string
  /** Six weeks of seven dates, from the Monday on or before the 1st. */
  weeks: string[][]
  month: number
}

export function monthGrid(date: string): MonthGrid {
  const parts = parseLocalDate(date)
  if (!parts) throw new Error(`not a date: ${date}`)
  const first = formatLocalDate({ year: parts.year, month: parts.month, day: 1 })
  const start = addDays(first, -weekdayIndex(first))
  const weeks: string[][] = []
  for (let w = 0; w < 6; w++) weeks.push(Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)))
  return { title: `${MONTH_NAMES[parts.month - 1]} ${parts.year}`, weeks, month: parts.month }
}

export function monthOf(date: string): number {
  return parseLocalDate(date)?.month ?? 0
}

let lastView: TaskView | null = null
let lastKey = ""
let lastByDay = new Map<string, Task[]>()

/** Tasks with a due date, by day (archived ones left out), sorted. */
export function tasksByDueDate(view: TaskView, search: string, sort: SortKey): Map<string, Task[]> {
  const key = `${sort}\u0000${search}`
  if (view === lastView && key === lastKey) return lastByDay
  const byDay = new Map<string, Task[]>()
  for (const task of view.tasks) {
    if (!task.dueDate || task.status === "archived" || !matchesSearch(task, search)) continue
    const list = byDay.get(task.dueDate)
    if (list) list.push(task)
    else byDay.set(task.dueDate, [task])
  }
  const compare = compareTasks(sort)
  for (const list of byDay.values()) list.sort(compare)
  lastView = view
  lastKey = key
  lastByDay = byDay
  return byDay
}
