// A real terminal for end-to-end tests: a private tmux server (its own socket), one session of a
// fixed size running a plain bash with a recognisable prompt, on a temporary TSK_HOME.
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const PROJECT_ROOT = join(import.meta.dirname, "..", "..")
export const BUN = join(PROJECT_ROOT, "node_modules", ".bin", "bun")
export const MAIN = join(PROJECT_ROOT, "src", "main.ts")
/** What a person runs (npm's bin): the launcher, which runs the bundle in dist/. */
export const LAUNCHER = join(PROJECT_ROOT, "bin", "tsk")
export const PROMPT = "E2E-READY$ "

export interface TmuxSession {
  home: string
  env: Record<string, string>
  /** Type text (literally) into the terminal. */
  type(text: string): void
  /** Press keys by tmux name: "Enter", "Escape", "C-c", "q". */
  keys(...names: string[]): void
  screen(): string
  /** The screen with its SGR colour codes (tmux capture-pane -e). */
  colourScreen(): string
  /** Whether the program in the pane asked the terminal for mouse reports (tmux's mouse_any_flag). */
  mouseTracking(): boolean
  /** A left click at a 0-based cell, sent as the SGR mouse report a terminal sends. */
  click(x: number, y: number): void
  waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>
  /** Run the real `tsk` CLI (another process) on the same home. */
  tsk(...args: string[]): string
  /** Any tmux command on this session's server (the session is "e2e"). */
  tmux(...args: string[]): string
  close(): void
}

export function openSession(options: { width?: number; height?: number } = {}): TmuxSession {
  const home = mkdtempSync(join(tmpdir(), "tsk-e2e-"))
  const socket = `tsk-e2e-${process.pid}-${Date.now()}`
  // A person's colour terminal, whatever the environment running the tests says (CI sets NO_COLOR).
  const env = { TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), TERM: "xterm-256color" }
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" })
  tmux("new-session", "-d", "-s", "e2e", "-x", String(options.width ?? 100), "-y", String(options.height ?? 30), "env", "-u", "NO_COLOR", `PS1=${PROMPT}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`), "bash", "--norc", "--noprofile")
  const session: TmuxSession = {
    home,
    env,
    type: (text) => void tmux("send-keys", "-t", "e2e", "-l", text),
    keys: (...names) => void tmux("send-keys", "-t", "e2e", ...names),
    screen: () => tmux("capture-pane", "-t", "e2e", "-p"),
    colourScreen: () => tmux("capture-pane", "-t", "e2e", "-p", "-e"),
    mouseTracking: () => tmux("display-message", "-p", "-t", "e2e", "#{mouse_any_flag}").trim() === "1",
    click(x, y) {
      for (const end of ["M", "m"]) {
        const report = `\x1b[<0;${x + 1};${y + 1}${end}`
        tmux("send-keys", "-t", "e2e", "-H", ...[...Buffer.from(report)].map((b) => b.toString(16).padStart(2, "0")))
      }
    },
    async waitFor(predicate, what, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const screen = session.screen()
        if (predicate(screen)) return screen
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    tsk: (...args) => execFileSync(BUN, [MAIN, ...args], { encoding: "utf8", env: { ...process.env, ...env, NO_COLOR: "1" }, timeout: 120_000 }),
    tmux,
    close() {
      try {
        tmux("kill-server")
      } catch {
        // already gone
      }
      rmSync(home, { recursive: true, force: true })
    },
  }
  return session
}

/** Start the TUI in the session as a person does (the launcher, from another folder) and wait for its first screen. */
export async function startTsk(session: TmuxSession): Promise<string> {
  await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
  session.type(`cd ${session.home} && ${LAUNCHER}`)
  session.keys("Enter")
  return session.waitFor((s) => s.includes("1 List") && s.includes("NORMAL"), "the TUI's first screen")
}

/**
 * Until the app answers keys: `tsk` draws its first screen before the app loads (first-paint.ts),
 * and the app's frame draws the same cells, so the help dialog opened and closed tells them apart.
 */
export async function waitForApp(session: TmuxSession): Promise<void> {
  session.keys("?")
  await session.waitFor((s) => s.includes("Keys ("), "the help dialog")
  session.keys("Escape")
  await session.waitFor((s) => !s.includes("Keys ("), "the help dialog closed")
}

/** The last non-empty line of the screen. */
export function lastLine(screen: string): string {
  return screen.split("\n").filter((line) => line.trim().length > 0).at(-1) ?? ""
}

/** The shell waits for a command: its last line is a bare prompt (not the line that started tsk). */
export function atPrompt(screen: string): boolean {
  return lastLine(screen).trim() === PROMPT.trim()
}
