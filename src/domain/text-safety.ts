// Text from agents and files is data: terminal control characters (C0 and C1, DEL) never reach a
// terminal. Write paths strip them (newline and tab survive in multi-line text; a one-line field
// turns them into spaces), and everything printed for people is escaped, so a title written
// before this rule existed, or by hand, cannot retitle or clear the user's terminal either.

// C0 except tab and newline, DEL, C1.
const CONTROLS_KEEP_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
const LINE_BREAKS = /[\t\n]/g
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/** Multi-line text (descriptions, notes): controls removed, newlines and tabs kept. */
export function stripControls(text: string): string {
  return text.replace(CONTROLS_KEEP_LINES, "")
}

/** One-line text (titles, projects, tags, names): controls removed, newlines and tabs become spaces. */
export function stripControlsLine(text: string): string {
  return stripControls(text).replace(LINE_BREAKS, " ")
}

/** For a terminal: every control character shown as a visible escape such as `\x1b`. */
export function escapeControls(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROLS_KEEP_LINES : ANY_CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
}

/**
 * JSON for a terminal or a pipe: JSON.stringify already escapes C0, but leaves DEL and C1 raw;
 * this escapes them too (the result is the same JSON value).
 */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
}

// The colour sequences tsk's own CLI style writes (bold, dim, the six colours and their resets).
const OWN_STYLE = "\\u001b\\[(?:1|2|22|3[1-6]|39)m"
const TERMINAL_UNSAFE = new RegExp(`${OWN_STYLE}|[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]`, "g")
const escapeOne = (c: string) => {
  const code = c.charCodeAt(0)
  // C0 as `\x1b`; DEL and C1 as `\u0085`, which is also a valid escape inside a JSON string.
  return code < 0x20 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`
}

/**
 * The last guard before a CLI's output reaches the terminal or a pipe: every control character
 * except newline and tab shown as a visible escape, whatever command printed it and wherever the
 * text came from (a title edited by hand, an agent's session id, a fact). `keepStyle` lets the
 * colour sequences of tsk's own style through (only those: no cursor moves, no OSC, no BEL).
 */
export function terminalSafe(text: string, keepStyle: boolean): string {
  return text.replace(TERMINAL_UNSAFE, (m) => (m.length > 1 ? (keepStyle ? m : [...m].map((c) => (c < " " ? escapeOne(c) : c)).join("")) : escapeOne(m)))
}
