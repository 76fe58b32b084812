import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const statusOf = (title: string) => app.store.getState().tasks.find((t) => t.title === title)?.status

async function board() {
  app = await renderApp({
    tasks: [
      { title: "Draft spec" },
      { title: "Review PR", status: "in_progress" },
      { title: "Fix typo", status: "done" },
      { title: "Write tests" },
    ],
  })
  return app.press("2")
}

describe("the board screen", () => {
  it("shows To do, In progress and Done columns with their cards", async () => {
    const frame = await board()
    expect(frame).toContain("To do (2)")
    expect(frame).toContain("In progress (1)")
    expect(frame).toContain("Done (1)")
    expect(frame).toMatch(/› ○\s+Draft spec/)
    expect(frame).toMatch(/◐\s+Review PR/)
    expect(frame).toMatch(/✓\s+Fix typo/)
  })

  it("moves the selected card to the next column with L and back with H", async () => {
    await board()
    let frame = await app.press("L")
    expect(frame).toContain("To do (1)")
    expect(frame).toContain("In progress (2)")
    await app.settle()
    expect(statusOf("Draft spec")).toBe("in_progress")
    await app.press("L")
    await app.settle()
    expect(statusOf("Draft spec")).toBe("done")
    await app.press("H")
    await app.settle()
    expect(statusOf("Draft spec")).toBe("in_progress")
  })

  it("changes column with h and l and card with j and k", async () => {
    await board()
    let frame = await app.press("j")
    expect(frame).toMatch(/› ○\s+Write tests/)
    frame = await app.press("l")
    expect(frame).toMatch(/› ◐\s+Review PR/)
    await app.press("l")
    await app.press("d")
    await app.settle()
    expect(statusOf("Fix typo")).toBe("todo")
  })
})
