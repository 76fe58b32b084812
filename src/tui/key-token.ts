// One spelling per key press, whatever the terminal protocol: `j`, `J`, `!`, `ctrl+r`, `down`,
// `return`, `shift+tab`. Raw terminals report `J` as name "j" + shift; the kitty protocol reports
// name "J"; both become `J`. The keymap table is written in these tokens.
export interface KeyLike {
  name: string
  sequence: string
  ctrl: boolean
  meta: boolean
  shift: boolean
}

function isPrintable(text: string): boolean {
  if ([...text].length !== 1) return false
  const code = text.codePointAt(0)!
  return code >= 0x20 && code !== 0x7f
}

export function keyToken(key: KeyLike): string {
  if (key.ctrl) return `ctrl+${key.name.toLowerCase()}`
  if (key.meta) return `meta+${key.name}`
  if (key.name === "space" || key.sequence === " ") return "space"
  if (isPrintable(key.sequence)) return key.sequence
  if (isPrintable(key.name)) return key.shift ? key.name.toUpperCase() : key.name
  return key.shift ? `shift+${key.name}` : key.name
}

/** Alt+key as a terminal sends it (ESC then the key) is, for tsk, Esc pressed and then the key:
 * the key without the Alt; null for anything else. */
export function splitEscapePrefix(key: KeyLike): KeyLike | null {
  if (!key.meta || key.ctrl) return null
  const rest = key.sequence.startsWith("\x1b") ? key.sequence.slice(1) : key.sequence
  return { name: key.name, sequence: isPrintable(rest) ? rest : key.name, ctrl: false, meta: false, shift: key.shift }
}

/** Alt keys OpenTUI's text input edits with (its default key bindings): a, e, d, f, b, the arrows,
 * Delete, Backspace and Enter. */
const EDITOR_ALT_KEYS = new Set(["a", "e", "d", "f", "b", "left", "right", "delete", "backspace", "return", "kpenter"])

export function isEditorAltKey(key: KeyLike): boolean {
  return key.meta && EDITOR_ALT_KEYS.has(key.name.toLowerCase())
}

/** A single printable character: these never fire while a text field has the focus. */
export function isCharacterToken(token: string): boolean {
  return token !== "space" && isPrintable(token)
}
