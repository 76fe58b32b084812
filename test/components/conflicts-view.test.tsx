// The TUI shows merge conflicts: a mark in the header while any wait, and C lists them with both
// values. The conflict comes from a real merge: a title changed by tsk and, differently, outside.
import { afterEach, describe, expect, it } from "vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runTskJson } from "../helpers/run-tsk.ts"
import { makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

function homeWithConflict(): string {
  const home = makeHome()
  const task = runTskJson<{ id: string }>(home, ["add", "original"])
  runTskJson(home, ["edit", task.id, "--title", "from tsk"])
  const file = JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { tasks: Array<Record<string, unknown>> }
  file.tasks[0]!.title = "from outside"
  file.tasks[0]!.updatedAt = "2000-01-01T00:00:00.000Z"
  writeFileSync(join(home, "tasks.json"), JSON.stringify(file))
  return home
}

describe("merge conflicts in the TUI", () => {
  it("marks the header and lists each conflict with both values on C", async () => {
    app = await renderApp({ home: homeWithConflict(), width: 140 })
    const header = (await app.render()).split("\n")[0]!
    expect(header).toContain("⚠ 1 conflict (C)")
    const frame = await app.press("C")
    expect(frame).toContain("Merge conflicts (1)")
    expect(frame).toContain("kept: from tsk")
    expect(frame).toContain("lost: from outside")
  })

  it("shows no mark without conflicts", async () => {
    app = await renderApp({ tasks: [{ title: "calm" }], width: 140 })
    expect((await app.render()).split("\n")[0]).not.toContain("conflict")
  })
})
