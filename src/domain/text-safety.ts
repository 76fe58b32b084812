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
