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
