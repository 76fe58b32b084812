import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const LONG = "Write the release notes for v2.4, all changes"

describe("80x24 reads", () => {
  it("i hides the detail panel so a title gets the whole width, and i shows it again", async () => {
    app = await renderApp({ width: 80, height: 24, tasks: [{ title: LONG, project: "release", tags: ["docs"], dueDate: "2026-03-12" }] })
    let frame = await app.render()
    expect(frame).not.toContain(`${LONG} `)
    expect(frame).toContain("Detail")
    frame = await app.press("i")
    expect(frame, frame).not.toContain("Detail")
    expect(frame, frame).toContain(LONG)
    frame = await app.press("i")
    expect(frame).toContain("Detail")
  })

  it("wraps tags in the detail panel instead of cutting them", async () => {
    const tags = ["frontend", "release", "customer", "urgent-fix", "backlog", "q1"]
    app = await renderApp({ width: 80, height: 24, tasks: [{ title: "Tagged", tags }] })
    const frame = await app.render()
    for (const tag of tags) expect(frame).toContain(`#${tag}`)
  })
})

describe("the Board at 80x24", () => {
  it("draws a card in two lines, the title on the first with the whole width, due and tags under it", async () => {
    app = await renderApp({ width: 80, height: 24, tasks: [{ title: "Release notes v2", dueDate: "2026-03-12", tags: ["docs"] }, { title: "Second card" }] })
    const frame = await app.press("2")
    const rows = frame.split("\n")
    const at = rows.findIndex((row) => row.includes("Release notes v2"))
    expect(at, frame).toBeGreaterThan(0)
    expect(rows[at + 1]).toMatch(/Mar 12 #docs/)
    expect(rows[at + 2]).toContain("Second card")
  })
})
