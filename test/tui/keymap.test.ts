import { describe, expect, it } from "vitest"
import { findBinding, helpSections, hintsFor, KEYMAP, SCOPES, type KeyBinding } from "../../src/tui/keymap.ts"
import { activeScopes } from "../../src/tui/active-scopes.ts"

const table = KEYMAP as readonly KeyBinding[]

describe("the keymap table", () => {
  it("binds each key at most once per scope", () => {
    for (const scope of SCOPES) {
      const keys = table.filter((b) => b.scope === scope).flatMap((b) => b.keys)
      expect(new Set(keys).size, scope).toBe(keys.length)
    }
  })

  it("has every key the issue lists", () => {
    const keys = new Set(table.flatMap((b) => b.keys))
    for (const k of ["j", "k", "down", "up", "J", "K", "g", "G", "return", "l", "h", "a", "A", "e", "d", "x", "!", "p", "t", "D", "T", "n", "/", "f", "s", "u", "ctrl+r", "v", "tab", "1", "2", "3", "4", "?", "q", "ctrl+c", "H", "L"]) {
      expect(keys.has(k), k).toBe(true)
    }
  })

  it("never fires a single-letter key while a text field has the focus", () => {
    const dialog = activeScopes({ dialogs: [{ key: 1, spec: { kind: "search" } }], view: "list", pane: 0, visualAnchorId: null })
    expect(findBinding("q", ["global"], true)).toBeNull()
    expect(findBinding("j", dialog, true)).toBeNull()
    expect(findBinding("j", dialog, false)?.action).toBe("dialog.down")
    expect(findBinding("return", dialog, true)?.action).toBe("dialog.submit")
    expect(findBinding("ctrl+c", dialog, true)?.action).toBe("app.quit")
  })

  it("lets a view's binding win over the same key elsewhere", () => {
    const calendar = activeScopes({ dialogs: [], view: "calendar", pane: 0, visualAnchorId: null })
    const list = activeScopes({ dialogs: [], view: "list", pane: 0, visualAnchorId: null })
    expect(findBinding("t", calendar, false)?.action).toBe("calendar.today")
    expect(findBinding("t", list, false)?.action).toBe("task.tags")
    expect(findBinding("h", activeScopes({ dialogs: [], view: "board", pane: 0, visualAnchorId: null }), false)?.action).toBe("board.left")
  })

  it("generates the status-bar hints from the bindings of the active scopes", () => {
    const hints = hintsFor(activeScopes({ dialogs: [], view: "list", pane: 0, visualAnchorId: null })).map((h) => `${h.label} ${h.hint}`)
    expect(hints).toContain("j/k move")
    expect(hints).toContain("d done")
    expect(hints).toContain("? help")
    expect(hints).not.toContain("H/L move task")
  })

  it("lists every binding in the help sections", () => {
    const rows = helpSections().flatMap((s) => s.rows)
    expect(rows).toHaveLength(table.length)
    expect(rows).toContainEqual({ label: "Ctrl+R", description: "redo" })
  })
})
