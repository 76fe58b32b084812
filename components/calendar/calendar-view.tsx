// Screen 3: a month grid with tasks on their due dates, and the selected day's tasks (Tab focuses
// them). `a` adds a task due on the selected day.
import { TextAttributes } from "@opentui/core"
import { localDateOf } from "../../src/domain/local-date.ts"
import { monthGrid, tasksByDueDate, WEEKDAY_NAMES } from "../../src/tui/calendar-model.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useTaskView, useUiState } from "../hooks/use-stores.ts"
import { Line } from "../line.tsx"
import { padText } from "../text-fit.ts"
import { DayTasksPane } from "./day-tasks-pane.tsx"
import { monthGridLines } from "./month-grid-lines.ts"

/** From this width the day's tasks sit beside the grid, otherwise below it. */
export const SIDE_PANEL_MIN_WIDTH = 100

export function CalendarView(props: { width: number; height: number }) {
  const theme = useTheme()
  const { now, controller } = useServices()
  const view = useTaskView()
  const date = useUiState((s) => s.calendarDate)
  const search = useUiState((s) => s.search)
  const sort = useUiState((s) => s.sort)
  const pane = useUiState((s) => s.pane)
  const byDay = tasksByDueDate(view, search, sort)
  const grid = monthGrid(date)
  const side = props.width >= SIDE_PANEL_MIN_WIDTH
  const gridWidth = side ? props.width - 32 : props.width
  const cellWidth = Math.floor(gridWidth / 7)
  const available = props.height - 2
  const cellHeight = side ? Math.max(2, Math.floor(available / 6)) : 2
  const dayHeight = side ? props.height : Math.max(3, props.height - 2 - cellHeight * 6)
  const lines = monthGridLines({ grid, byDay, selected: date, today: localDateOf(now()), cellWidth, cellHeight, focused: pane === 0, theme })
  return (
    <box flexDirection={side ? "row" : "column"} width={props.width} height={props.height}>
      <box flexDirection="column" width={gridWidth} height={2 + cellHeight * 6}>
        <text fg={theme.accent} attributes={TextAttributes.BOLD}>{` ${grid.title}`}</text>
        <text fg={theme.textMuted}>{WEEKDAY_NAMES.map((d) => padText(` ${d}`, cellWidth)).join("")}</text>
        {lines.map((segments, i) => (
          <Line
            key={i}
            width={gridWidth}
            fg={theme.text}
            segments={segments}
            onClick={(column) => {
              const date = grid.weeks[Math.floor(i / cellHeight)]?.[Math.floor(column / cellWidth)]
              if (date) controller.mouse.selectDay(date)
            }}
          />
        ))}
      </box>
      <DayTasksPane date={date} tasks={byDay.get(date) ?? []} width={side ? props.width - gridWidth : props.width} height={dayHeight} focused={pane === 1} />
    </box>
  )
}
