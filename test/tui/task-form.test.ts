import { describe, expect, it } from "vitest"
import { changedFields, emptyForm, parseTaskForm } from "../../src/tui/task-form.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

describe("the task form", () => {
  it("turns typed values into store input", () => {
    const result = parseTaskForm({ ...emptyForm(null), title: "  Ship it ", tags: "#web, api  ops", due: "tomorrow", estimate: "1h30m", project: " site " }, "2026-03-10")
    expect(result).toEqual({
      ok: true,
      input: { title: "Ship it", description: "", priority: "none", project: "site", tags: ["web", "api", "ops"], dueDate: "2026-03-11", estimateMinutes: 90, status: "todo" },
    })
  })

  it("names the field that is wrong", () => {
    expect(parseTaskForm(emptyForm(null), "2026-03-10")).toMatchObject({ ok: false, field: "title" })
    expect(parseTaskForm({ ...emptyForm(null), title: "x", due: "someday" }, "2026-03-10")).toMatchObject({ ok: false, field: "due" })
    expect(parseTaskForm({ ...emptyForm(null), title: "x", estimate: "lots" }, "2026-03-10")).toMatchObject({ ok: false, field: "estimate" })
  })

  it("sends only the fields an edit changed", () => {
    const task = makeTask({ id: "a", title: "Old", tags: ["x"], priority: "low" })
    expect(changedFields(task, { title: "Old", tags: ["x"], priority: "high" })).toEqual({ priority: "high" })
  })
})
