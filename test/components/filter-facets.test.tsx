import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

// FIXED_NOW is Tuesday 10 March 2026.
const TASKS = [
  { title: "Report", project: "work", tags: ["q1"], dueDate: "2026-03-10" },
  { title: "Slides", project: "work", dueDate: "2026-03-15" },
  { title: "Milk", project: "home", tags: ["errand"], dueDate: "2026-03-01" },
  { title: "Someday" },
]

const listed = (frame: string) => TASKS.map((t) => t.title).filter((title) => new RegExp(`│[^│]*[○◐✓]\\s+. ${title}`).test(frame) || new RegExp(`│[^│]*[○◐✓]\\s+${title}`).test(frame))

describe("filter facets", () => {
  it("the filter dialog narrows the List to a project, a tag or a due window; Esc clears them", async () => {
    app = await renderApp({ tasks: TASKS })
    await app.press("f")
    await app.press("ARROW_DOWN")
    let frame = await app.press("ARROW_RIGHT")
    expect(frame).toMatch(/‹ (work|home) ›/)
    // Projects are listed by name: home, then work.
    frame = await app.press("ARROW_RIGHT")
    expect(frame).toContain("‹ work ›")
    frame = await app.press("RETURN")
    expect(frame).toContain("filter:open @work")
    expect(listed(frame)).toEqual(["Report", "Slides"])
    await app.press("f")
    await app.press("ARROW_UP")
    frame = await app.press("ARROW_RIGHT")
    expect(frame).toContain("‹ due today ›")
    frame = await app.press("RETURN")
    expect(frame).toContain("filter:open @work due:today")
    expect(listed(frame)).toEqual(["Report"])
    frame = await app.press("ESCAPE")
    expect(frame).toContain("filter:open sort")
    expect(listed(frame)).toEqual(["Report", "Slides", "Milk", "Someday"])
  })

  it("Esc in the filter dialog leaves the filter as it was", async () => {
    app = await renderApp({ tasks: TASKS })
    await app.press("f")
    await app.press("ARROW_RIGHT")
    const frame = await app.press("ESCAPE")
    expect(frame).toContain("filter:open sort")
  })

  it("the palette offers the facets: overdue, a project, a tag", async () => {
    app = await renderApp({ tasks: TASKS })
    await app.press(":")
    await app.type("filter: overdue")
    let frame = await app.press("RETURN")
    expect(frame).toContain("due:overdue")
    expect(listed(frame)).toEqual(["Milk"])
    await app.press(":")
    await app.type("filter: clear")
    frame = await app.press("RETURN")
    expect(listed(frame)).toEqual(["Report", "Slides", "Milk", "Someday"])
    await app.press(":")
    await app.type("tag #q1")
    frame = await app.press("RETURN")
    expect(frame).toContain("#q1")
    expect(listed(frame)).toEqual(["Report"])
  })

  it("narrows the Board by the same facets", async () => {
    app = await renderApp({ tasks: TASKS })
    await app.press(":")
    await app.type("project home")
    await app.press("RETURN")
    const frame = await app.press("2")
    expect(frame).toContain("Milk")
    expect(frame).not.toContain("Report")
  })
})
