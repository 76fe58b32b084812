// The border and title of a pane. The title is drawn in text colours (the border colour is far
// below 4.5:1); without colour (NO_COLOR) the focused pane gets a heavy border and a ▶ marker.
import type { BorderStyle, ColorInput } from "@opentui/core"
import type { Theme } from "./theme/theme.ts"

export interface PaneFrame {
  border: true
  borderStyle: BorderStyle
  borderColor: ColorInput
  titleColor: ColorInput
  title: string
}

export function paneFrame(theme: Theme, focused: boolean, title: string): PaneFrame {
  const marked = focused && theme.name === "mono"
  return {
    border: true,
    borderStyle: marked ? "heavy" : "rounded",
    borderColor: focused ? theme.borderFocused : theme.border,
    titleColor: focused ? theme.accent : theme.textMuted,
    title: marked ? ` ▶${title}` : title,
  }
}
