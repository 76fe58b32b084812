// Semantic colour tokens. Components use these names only; the values live here. Every text token
// reaches 4.5:1 against the background, the panel and the selection (test/components/theme-contrast). `mono` (NO_COLOR)
// uses the terminal's own colours and shows emphasis with attributes (bold, dim, inverse). Nothing
// here loads OpenTUI: the first screen (first-screen.ts) is drawn from these before it loads.
import type { ColorInput } from "@opentui/core"
import type { Priority, TaskStatus } from "../../src/domain/task.ts"

export interface Theme {
  name: "dark" | "light" | "mono"
  text: ColorInput
  textMuted: ColorInput
  background: ColorInput
  panel: ColorInput
  border: ColorInput
  borderFocused: ColorInput
  accent: ColorInput
  selectionBg: ColorInput
  selectionFg: ColorInput
  /** Mono has no selection colour: the selected row is drawn inverse. */
  inverseSelection: boolean
  success: ColorInput
  warning: ColorInput
  error: ColorInput
  info: ColorInput
  agent: ColorInput
  overdue: ColorInput
  due: ColorInput
  tag: ColorInput
  project: ColorInput
  priority: Record<Priority, ColorInput>
  status: Record<TaskStatus, ColorInput>
}

export const darkTheme: Theme = {
  name: "dark",
  text: "#e6e6e6",
  textMuted: "#9aa1ab",
  background: "#15171c",
  panel: "#1d2027",
  border: "#3b4048",
  borderFocused: "#6cb6ff",
  accent: "#6cb6ff",
  selectionBg: "#203552",
  selectionFg: "#ffffff",
  inverseSelection: false,
  success: "#7ee787",
  warning: "#e3b341",
  error: "#ff7b72",
  info: "#79c0ff",
  agent: "#39c5cf",
  overdue: "#ff7b72",
  due: "#e3b341",
  tag: "#d2a8ff",
  project: "#79c0ff",
  priority: { none: "#9aa1ab", low: "#7ee787", medium: "#e3b341", high: "#ffa657", urgent: "#ff7b72" },
  status: { todo: "#e6e6e6", in_progress: "#79c0ff", done: "#7ee787", archived: "#9aa1ab" },
}

export const lightTheme: Theme = {
  name: "light",
  text: "#1f2328",
  textMuted: "#656d76",
  background: "#ffffff",
  panel: "#f6f8fa",
  border: "#d0d7de",
  borderFocused: "#0969da",
  accent: "#0969da",
  selectionBg: "#ddf4ff",
  selectionFg: "#1f2328",
  inverseSelection: false,
  success: "#17732f",
  warning: "#875b00",
  error: "#cf222e",
  info: "#0969da",
  agent: "#0a717a",
  overdue: "#cf222e",
  due: "#875b00",
  tag: "#7444d0",
  project: "#0969da",
  priority: { none: "#656d76", low: "#17732f", medium: "#875b00", high: "#a84400", urgent: "#cf222e" },
  status: { todo: "#1f2328", in_progress: "#0969da", done: "#17732f", archived: "#656d76" },
}

/** The monochrome theme (NO_COLOR) with the terminal's own colours as `fg` and `bg`: OpenTUI's
 * default-colour tokens in the app, plain markers where no OpenTUI is loaded (first-screen.ts). */
export function monoThemeWith(fg: ColorInput, bg: ColorInput): Theme {
  return {
    name: "mono",
    text: fg,
    textMuted: fg,
    background: bg,
    panel: bg,
    border: fg,
    borderFocused: fg,
    accent: fg,
    selectionBg: bg,
    selectionFg: fg,
    inverseSelection: true,
    success: fg,
    warning: fg,
    error: fg,
    info: fg,
    agent: fg,
    overdue: fg,
    due: fg,
    tag: fg,
    project: fg,
    priority: { none: fg, low: fg, medium: fg, high: fg, urgent: fg },
    status: { todo: fg, in_progress: fg, done: fg, archived: fg },
  }
}

/** `NO_COLOR` (any non-empty value) wins over the configured theme. */
export function pickTheme(configured: "dark" | "light", env: NodeJS.ProcessEnv, mono: Theme): Theme {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return mono
  return configured === "light" ? lightTheme : darkTheme
}
