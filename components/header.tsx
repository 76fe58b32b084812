// Top line: name, view tabs, agent indicator, running timer, clock.
import { TextAttributes } from "@opentui/core"
import { formatClock } from "../src/domain/duration.ts"
import { runningTimer } from "../src/tui/running-timer.ts"
import { VIEWS, type ViewName } from "../src/tui/ui-store.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useUiState } from "./hooks/use-stores.ts"
import { useNow } from "./hooks/use-now.ts"
import { fitText } from "./text-fit.ts"

const TAB_TITLES: Record<ViewName, string> = { list: "List", board: "Board", calendar: "Calendar", monitor: "Monitor" }

export interface HeaderProps {
  width: number
  /** A bridge runs in this or another process. */
  agentRunning: boolean
}

export function Header(props: HeaderProps) {
  const theme = useTheme()
  const { controller } = useServices()
  const view = useUiState((s) => s.view)
  const tasks = useAppState((s) => s.tasks)
  const now = useNow(1000)
  const running = runningTimer(tasks)
  const clock = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`
  // Tabs take 45 columns; the timer's title gets what is left after the indicator and the clock.
  const titleRoom = Math.min(24, props.width - 45 - (props.agentRunning ? 9 : 0) - 6 - 12)
  const elapsed = running ? `⏱ ${formatClock(now.getTime() - Date.parse(running.start))}` : ""
  const timer = running && titleRoom >= 4 ? `${elapsed} ${fitText(running.task.title, titleRoom)}` : elapsed
  return (
    <box height={1} width={props.width} flexDirection="row" backgroundColor={theme.panel}>
      <text fg={theme.accent} attributes={TextAttributes.BOLD}>
        {" tsk "}
      </text>
      {VIEWS.map((name, i) => (
        <text
          key={name}
          fg={name === view ? theme.text : theme.textMuted}
          attributes={name === view ? TextAttributes.BOLD | TextAttributes.UNDERLINE : 0}
          onMouseDown={() => controller.mouse.showView(name)}
        >
          {` ${i + 1} ${TAB_TITLES[name]} `}
        </text>
      ))}
      <box flexGrow={1} />
      {props.agentRunning ? (
        <text fg={theme.agent} attributes={TextAttributes.BOLD}>
          {"⚡ Agent "}
        </text>
      ) : null}
      {timer ? <text fg={theme.warning}>{`${timer} `}</text> : null}
      <text fg={theme.textMuted}>{`${clock} `}</text>
    </box>
  )
}
