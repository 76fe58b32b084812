import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { overlaps, placeToasts } from "../../components/toast-layout.ts"
import { MESSAGE_LOG_LIMIT, type Toast } from "../../src/tui/ui-store.ts"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

const toast = (id: number, message: string): Toast => ({ id, kind: "info", message })

/** Where `text` is on screen: its row and column, or null. */
function find(frame: string, text: string): { x: number; y: number } | null {
  const rows = frame.split("\n")
  for (let y = 0; y < rows.length; y++) {
    const x = rows[y]!.indexOf(text)
    if (x >= 0) return { x, y }
  }
  return null
}

describe("toast placement", () => {
  it("never overlaps the dialog, at any screen size", () => {
    const toasts = [toast(1, "first message"), toast(2, "a second, longer message that wraps onto another line"), toast(3, "third")]
    for (const [width, height] of [[80, 24], [100, 30], [120, 40], [60, 20], [40, 12]] as const) {
      for (const dialog of [{ left: 10, top: 5, width: 60, height: 14 }, { left: 1, top: 1, width: width - 2, height: height - 2 }, { left: 20, top: 8, width: 40, height: 6 }]) {
        const placed = placeToasts(toasts, { width, height }, dialog)
        if (placed) expect(overlaps(placed, dialog), `${width}x${height} ${JSON.stringify(dialog)}`).toBe(false)
      }
    }
  })

  it("sits at the bottom right above the status bar when no dialog is open", () => {
    const placed = placeToasts([toast(1, "hello")], { width: 100, height: 30 }, null)!
    expect(placed.top + placed.height).toBe(29)
    expect(placed.left + placed.width).toBe(99)
  })

  it("keeps the newest toasts when not all fit", () => {
    const placed = placeToasts([toast(1, "old"), toast(2, "new")], { width: 80, height: 24 }, { left: 0, top: 1, width: 80, height: 18 })!
    expect(placed.toasts.map((t) => t.toast.id)).toEqual([2])
  })
})

describe("toasts on screen", () => {
  it("never cover the add dialog's fields while one is typed in", async () => {
    app = await renderApp({ width: 80, height: 24 })
    await app.press("a")
    await app.type("Half typed")
    await act(async () => app!.services.controller.toaster.show("info", "Agent: created 'Something else entirely'"))
    const frame = await app.render()
    const rect = app.services.ui.getState().dialogRect!
    expect(rect).not.toBeNull()
    const at = find(frame, "Agent: created")
    expect(at).not.toBeNull()
    expect(overlaps({ left: at!.x, top: at!.y, width: 14, height: 1 }, rect)).toBe(false)
    expect(frame).toContain("Half typed")
  })

  it("Esc dismisses them, and M shows every message of the session, newest first", async () => {
    app = await renderApp()
    await act(async () => {
      app!.services.controller.toaster.show("info", "First note")
      app!.services.controller.toaster.show("error", "Second went wrong")
    })
    let frame = await app.render()
    expect(frame).toContain("Second went wrong")
    frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Second went wrong")
    frame = await app.press("M")
    expect(frame).toContain("Messages (2, newest first)")
    expect(frame.indexOf("Second went wrong")).toBeLessThan(frame.indexOf("First note"))
    expect(frame).toMatch(/09:30:00 ✗ Second went wrong/)
  })

  it("a click on a toast dismisses it", async () => {
    app = await renderApp()
    await act(async () => app!.services.controller.toaster.show("info", "Click me away"))
    const frame = await app.render()
    const at = find(frame, "Click me away")!
    const after = await app.click(at.x + 2, at.y)
    expect(after).not.toContain("Click me away")
  })

  it("keeps the last 50 messages", async () => {
    app = await renderApp()
    await act(async () => {
      for (let i = 1; i <= 60; i++) app!.services.ui.getState().addToast("info", `message ${i}`)
    })
    const messages = app.services.ui.getState().messages
    expect(messages).toHaveLength(MESSAGE_LOG_LIMIT)
    expect(messages[0]!.message).toBe("message 11")
    expect(messages.at(-1)!.message).toBe("message 60")
  })
})
