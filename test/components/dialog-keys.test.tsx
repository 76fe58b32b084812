import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const titles = () => app.store.getState().tasks.map((t) => t.title)

describe("dialogs behave one way", () => {
  it("n keeps the task in the delete confirm, y deletes it", async () => {
    app = await renderApp({ tasks: [{ title: "Keep me" }, { title: "Drop me" }] })
    let frame = await app.press("x")
    expect(frame).toContain("Delete 'Keep me'?")
    expect(frame).toContain("n keep")
    frame = await app.press("n")
    expect(frame).not.toContain("Delete 'Keep me'?")
    await app.settle()
    expect(titles()).toEqual(["Keep me", "Drop me"])
    await app.press("j")
    await app.press("x")
    await app.press("y")
    await app.settle()
    expect(titles()).toEqual(["Keep me"])
  })

  it("Ctrl+U clears the palette's filter as it clears the due field, and Ctrl+W deletes a word", async () => {
    app = await renderApp({ tasks: [{ title: "Alpha" }] })
    await app.press(":")
    let frame = await app.type("board view")
    expect(frame).toContain("board view")
    frame = await app.press("w", { ctrl: true })
    expect(frame).toMatch(/Filter\s+board\s/)
    expect(frame).not.toContain("board view")
    frame = await app.press("u", { ctrl: true })
    expect(frame).not.toMatch(/Filter\s+board/)
    expect(frame).toContain("(type to filter)")
    await app.press("ESCAPE")
    await app.press("D")
    frame = await app.type("tomorrow")
    expect(frame).toMatch(/Due\s+tomorrow/)
    frame = await app.press("u", { ctrl: true })
    expect(frame).not.toMatch(/Due\s+tomorrow/)
  })

  it("marks placeholders as examples under NO_COLOR, so they do not read as typed values", async () => {
    app = await renderApp({ env: { NO_COLOR: "1" } })
    const frame = await app.press("a")
    expect(frame).toContain("e.g. 1h30m")
    expect(frame).toContain("e.g. work, home")
  })

  it("Esc cancels every dialog without a change", async () => {
    app = await renderApp({ tasks: [{ title: "Alpha", tags: ["x"] }] })
    for (const [key, text] of [["e", "Edit task"], ["!", "Priority"], ["p", "Project"], ["t", "Tags"], ["D", "Due date"], ["n", "Add note"], ["x", "Delete"], [":", "Commands"]] as const) {
      let frame = await app.press(key)
      expect(frame, key).toContain(text)
      if (key === "t") await app.press(" ")
      frame = await app.press("ESCAPE")
      expect(frame, key).not.toContain(`${text} ─`)
    }
    await app.settle()
    expect(app.store.getState().tasks[0]).toMatchObject({ title: "Alpha", tags: ["x"], priority: "none", notes: [] })
  })
})
