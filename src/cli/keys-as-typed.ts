// While tsk's first screen shows (first-paint.ts), before the app's renderer puts the terminal in
// raw mode, the terminal's line discipline would take some of the keys typed and change others:
// Enter reaches the app as Ctrl+J (its CR read as NL), Backspace, Ctrl+U and Ctrl+W edit a line
// the app never sees, and every key is echoed. Here the terminal hands each key over as typed and
// echoes none (ICANON, ECHO, ICRNL and IEXTEN off), and keeps the signals its keys send (Ctrl+C,
// Ctrl+Z, Ctrl+\), which first-paint.ts answers. The mode the shell gave is set back before the
// renderer starts (its raw mode then starts from it, and returns to it on quit), and on every way
// out before that. Linux only (its termios layout); elsewhere the terminal is left as it is.

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
const TCSANOW = 0

/** Keys as typed on terminal `fd` from now on, or null where this cannot (not Linux, not a terminal). */
export async function keysAsTyped(fd: number): Promise<KeysAsTyped | null> {
  if (process.platform !== "linux") return null
  try {
    const { dlopen, ptr } = await import("bun:ffi")
    const libc = dlopen("libc.so.6", {
      tcgetattr: { args: ["i32", "ptr"], returns: "i32" },
      tcsetattr: { args: ["i32", "i32", "ptr"], returns: "i32" },
    })
    // glibc's struct termios (60 bytes): c_iflag, c_oflag, c_cflag, c_lflag, then c_line, c_cc and the speeds.
    const shells = new Uint32Array(16)
    if (libc.symbols.tcgetattr(fd, ptr(shells)) !== 0) {
      libc.close()
      return null
    }
    const typed = shells.slice()
    typed[0]! &= ~ICRNL
    typed[3]! &= ~(ICANON | ECHO | IEXTEN)
    const set = (mode: Uint32Array) => libc.symbols.tcsetattr(fd, TCSANOW, ptr(mode)) === 0
    if (!set(typed)) {
      libc.close()
      return null
    }
    let typedNow = true
    return {
      restore() {
        if (typedNow) typedNow = !set(shells)
      },
      reapply() {
        if (!typedNow) typedNow = set(typed)
      },
    }
  } catch {
    return null
  }
}
