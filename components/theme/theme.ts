// The themes as the app uses them: theme-tokens.ts's, the monochrome one with OpenTUI's
// default-colour tokens (the terminal's own foreground and background).
import { RGBA } from "@opentui/core"
import { monoThemeWith, pickTheme, type Theme } from "./theme-tokens.ts"

export { darkTheme, lightTheme, type Theme } from "./theme-tokens.ts"

export const monoTheme: Theme = monoThemeWith(RGBA.defaultForeground(), RGBA.defaultBackground())

/** `NO_COLOR` (any non-empty value) wins over the configured theme. */
export function chooseTheme(configured: "dark" | "light", env: NodeJS.ProcessEnv): Theme {
  return pickTheme(configured, env, monoTheme)
}
