import type { Style } from "./command.ts"

/** Colour only on a TTY, and never with NO_COLOR (any value) or TERM=dumb. */
export function shouldUseColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined) return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true
  if (env.TERM === "dumb") return false
  return isTTY
}

export function createStyle(color: boolean): Style {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\x1b[${open}m${s}\x1b[${close}m` : s)
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    magenta: wrap(35, 39),
    cyan: wrap(36, 39),
  }
}
