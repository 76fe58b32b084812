import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { overlaps, toastBand, type Rect } from "../../components/toast-layout.ts"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
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

/** Every pane frame on screen: its corners, with the cells between them checked. */
function frames(frame: string): { box: string; intact: boolean }[] {
  const rows = frame.split("\n").map((row) => [...row])
  const found: { box: string; intact: boolean }[] = []
  rows.forEach((row, top) => {
    row.forEach((cell, left) => {
      if (cell !== "╭") return
      const right = row.indexOf("╮", left + 1)
      let bottom = top + 1
      while (bottom < rows.length && rows[bottom]![left] === "│") bottom++
      const sides = rows.slice(top + 1, bottom).every((r) => r[right] === "│")
      const base = rows[bottom]?.slice(left, right + 1).join("") ?? ""
      const intact = right > left && sides && base === `╰${"─".repeat(right - left - 1)}╯`
      found.push({ box: `${left},${top} to ${right},${bottom}`, intact })
    })
  })
  return found
}

/** The box of the dialog titled `title`, read from the screen as a person sees it. */
function dialogBox(frame: string, title: string): Rect {
  const rows = frame.split("\n").map((row) => [...row])
  const top = rows.findIndex((row) => row.join("").includes(title))
  const left = rows[top]!.lastIndexOf("╭", rows[top]!.join("").indexOf(title))
  let bottom = top + 1
  while (rows[bottom]![left] !== "╰") bottom++
  const right = rows[top]!.indexOf("╮", left)
  return { left, top, width: right - left + 1, height: bottom - top + 1 }
}

describe("the toast band", () => {
  it("shows the newest toast on its one line, cut to fit, with how many others are up", () => {
    const long = "a message long enough to wrap onto a second line at this narrow width"
    const band = toastBand([toast(1, "old"), toast(2, "middle"), toast(3, long)], 40)
    expect(band.map((p) => p.toast.id)).toEqual([3])
    expect(band[0]!.lines).toHaveLength(1)
    expect(band[0]!.lines[0]).toMatch(/… {2}\+2 · M$/)
    expect(band[0]!.lines[0]!.length).toBeLessThanOrEqual(38)
    expect(toastBand([toast(1, "alone")], 40)[0]!.lines).toEqual(["i alone"])
  })

  it("keeps its row whether or not a toast shows, so the list does not jump", async () => {
    app = await renderApp({ width: 80, height: 24, tasks: Array.from({ length: 30 }, (_, i) => ({ title: `Task ${i + 1}` })) })
    const before = app.frame()
    await act(async () => {
      for (const message of ["One", "Two", "Three"]) app!.services.controller.toaster.show("info", message)
    })
    const during = await app.render()
    const listRows = (frame: string) => frame.split("\n").filter((row) => /Task \d+/.test(row)).map((row) => row.slice(0, 40))
    expect(listRows(during)).toEqual(listRows(before))
    expect(during).toContain("i Three  +2 · M")
  })
})

describe("toasts and the pane frames", () => {
  for (const [width, height] of [[80, 24], [120, 40]] as const) {
    it(`leave every pane border and the agent strip intact at ${width}x${height}`, async () => {
      app = await renderApp({ width, height, agentRunning: createValueFeed(true), tasks: [{ title: "Alpha" }, { title: "Beta" }] })
      const before = await app.render()
      const strip = before.split("\n").filter((row) => /^ (C64|OS) /.test(row))
      expect(strip.length).toBeGreaterThan(0)
      await act(async () => {
        app!.services.controller.toaster.show("error", "Could not write tasks.json: the disk is full, nothing was lost")
        app!.services.controller.toaster.show("agent", "Agent: created 'Fix login bug on Safari'")
      })
      const frame = await app.render()
      // An error stays in view before a newer toast; the band says one more is up.
      expect(frame).toContain("Could not write tasks.json")
      expect(frame).toContain("+1 · M")
      const boxes = frames(frame)
      expect(boxes.length).toBe(frames(before).length)
      expect(boxes.filter((b) => !b.intact), frame).toEqual([])
      for (const line of strip) expect(frame.split("\n"), frame).toContain(line)
      // The toasts sit in the rows just above the status bar, under every frame.
      const rows = frame.split("\n")
      const toastRow = rows.findIndex((row) => row.includes("Could not write tasks.json"))
      expect(rows[toastRow + 1]).toContain("NORMAL")
    })
  }

  it("keep a dialog clear of the band, so neither the toast nor the field being typed in is hidden", async () => {
    app = await renderApp({ width: 80, height: 18 })
    await app.press("a")
    await app.type("Half typed")
    const before = dialogBox(app.frame(), "Add task")
    const messages = ["First of three messages", "Second of three messages", "Third, long enough to reach under the dialog"]
    await act(async () => {
      for (const message of messages) app!.services.controller.toaster.show("info", message)
    })
    const frame = await app.render()
    const rect = dialogBox(frame, "Add task")
    // The band is always there: the dialog does not move when toasts come.
    expect(rect).toEqual(before)
    const at = find(frame, `i ${messages[2]}`)
    expect(at, frame).not.toBeNull()
    expect(overlaps({ left: at!.x, top: at!.y, width: messages[2]!.length + 2, height: 1 }, rect)).toBe(false)
    expect(frame).toContain("+2 · M")
    expect(frame).toContain("Half typed")
  })
})

describe("toasts on screen", () => {
  it("never cover the add dialog's fields while one is typed in", async () => {
    app = await renderApp({ width: 80, height: 24 })
    await app.press("a")
    await app.type("Half typed")
    await act(async () => app!.services.controller.toaster.show("info", "Agent: created 'Something else entirely'"))
    const frame = await app.render()
    const rect = dialogBox(frame, "Add task")
    expect(rect.height).toBeGreaterThan(2)
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
