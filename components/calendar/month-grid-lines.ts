// The month grid as lines of segments: per week, a line of day numbers, then task titles, with
// "+n more" when a day has more tasks than fit.
import { TextAttributes } from "@opentui/core"
import type { Task } from "../../src/domain/task.ts"
import { isOverdue } from "../../src/domain/task-query.ts"
import { monthOf, type MonthGrid } from "../../src/tui/calendar-model.ts"
import type { Segment } from "../line.tsx"
import { padText } from "../text-fit.ts"
import type { Theme } from "../theme/theme.ts"
import { STATUS_GLYPHS } from "../list/task-row-segments.ts"

export interface GridInput {
  grid: MonthGrid
  byDay: Map<string, Task[]>
  selected: string
  today: string
  cellWidth: number
  cellHeight: number
  focused: boolean
  theme: Theme
}

export function monthGridLines(input: GridInput): Segment[][] {
  const { grid, byDay, selected, today, cellWidth, cellHeight, theme } = input
  const lines: Segment[][] = []
  for (const week of grid.weeks) {
    for (let line = 0; line < cellHeight; line++) {
      const segments: Segment[] = []
      for (const date of week) {
        const tasks = byDay.get(date) ?? []
        const inMonth = monthOf(date) === grid.month
        const isSelected = date === selected
        if (line === 0) {
          const day = String(Number(date.slice(8, 10)))
          const label = `${isSelected ? "[" : " "}${day}${isSelected ? "]" : " "}${date === today ? "•" : ""}`
          segments.push({
            text: padText(label, cellWidth),
            fg: date === today ? theme.accent : inMonth ? theme.text : theme.textMuted,
            bg: isSelected && input.focused && !theme.inverseSelection ? theme.selectionBg : undefined,
            attributes: (isSelected ? TextAttributes.BOLD : 0) | (isSelected && input.focused && theme.inverseSelection ? TextAttributes.INVERSE : 0),
          })
          continue
        }
        const slots = cellHeight - 1
        const overflow = tasks.length > slots
        const index = line - 1
        if (overflow && index === slots - 1) {
          segments.push({ text: padText(` +${tasks.length - slots + 1} more`, cellWidth), fg: theme.textMuted })
          continue
        }
        const task = tasks[index]
        if (!task) {
          segments.push({ text: " ".repeat(cellWidth) })
          continue
        }
        segments.push({
          text: padText(` ${STATUS_GLYPHS[task.status]} ${task.title}`, cellWidth),
          fg: isOverdue(task, today) ? theme.overdue : task.status === "done" ? theme.textMuted : theme.priority[task.priority] === theme.priority.none ? theme.text : theme.priority[task.priority],
        })
      }
      lines.push(segments)
    }
  }
  return lines
}
