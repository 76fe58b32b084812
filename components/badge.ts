// A badge (the mode, the current phase, "needs input"): dark text on a coloured block. OpenTUI 0.5.8
// swaps fg and bg itself for INVERSE and then also emits SGR 7, so the terminal swaps them back and
// the text lands on its own colour (invisible). Colour themes therefore set both colours explicitly;
// only the monochrome theme, whose colours are the terminal's defaults, relies on inverse video.
import type { ColorInput } from "@opentui/core"
import { TextAttributes } from "./theme/text-attributes.ts"
import type { Theme } from "./theme/theme.ts"

export interface BadgeStyle {
  fg: ColorInput
  bg: ColorInput | undefined
  attributes: number
}

export function badgeStyle(theme: Theme, colour: ColorInput): BadgeStyle {
  if (theme.name === "mono") return { fg: theme.text, bg: undefined, attributes: TextAttributes.BOLD | TextAttributes.INVERSE }
  return { fg: theme.background, bg: colour, attributes: TextAttributes.BOLD }
}
