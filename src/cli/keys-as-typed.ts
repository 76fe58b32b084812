// While tsk's first screen shows (first-paint.ts), before the app's renderer puts the terminal in
// raw mode, the terminal's line discipline would take some of the keys typed and change others:
// Enter reaches the app as Ctrl+J (its CR read as NL), Backspace, Ctrl+U and Ctrl+W edit a line
// the app never sees, and every key is echoed. Here the terminal hands each key over as typed and
// echoes none (ICANON, ECHO, ICRNL and IEXTEN off), and keeps the signals its keys send (Ctrl+C,
// Ctrl+Z, Ctrl+\), which first-paint.ts answers. The mode the shell gave is set back before the
// renderer starts (its raw mode then starts from it, and returns to it on quit), and on every way
// out before that. Linux only (its termios layout); elsewhere the terminal is left as it is.
import { terminalIoctl } from "./terminal-ioctl.ts"

export interface KeysAsTyped {
  /** The terminal's input mode as the shell gave it. */
  restore(): void
  /** Keys as typed again (after a stop, on fg). */
  reapply(): void
}

const ICRNL = 0o400
const ICANON = 0o2
const ECHO = 0o10
const IEXTEN = 0o100000
/** The kernel's struct termios: c_iflag, c_oflag, c_cflag, c_lflag, then c_line and c_cc. */
const TCGETS = 0x5401
const TCSETS = 0x5402

/** Keys as typed on terminal `fd` from now on, or null where this cannot (not Linux, not a terminal). */
export async function keysAsTyped(fd: number): Promise<KeysAsTyped | null> {
  if (process.platform !== "linux") return null
  const ioctl = await terminalIoctl()
  const shells = new Uint32Array(16)
  if (!ioctl || !ioctl(fd, TCGETS, shells)) return null
  const typed = shells.slice()
  typed[0]! &= ~ICRNL
  typed[3]! &= ~(ICANON | ECHO | IEXTEN)
  if (!ioctl(fd, TCSETS, typed)) return null
  let typedNow = true
  return {
    restore() {
      if (typedNow) typedNow = !ioctl(fd, TCSETS, shells)
    },
    reapply() {
      if (!typedNow) typedNow = ioctl(fd, TCSETS, typed)
    },
  }
}
