// The TUI as a daily driver, in a real terminal: the status key, quick add, one selection across
// views, the selection after a cleared search and after A, and the dialogs' keys.
import { afterEach, describe, expect, it } from "vitest"
import { atPrompt, openSession, startTsk, type TmuxSession } from "./tmux-session.ts"

let session: TmuxSession
afterEach(() => session.close())

interface ListedTask {
  title: string
  status: string
  tags: string[]
  project: string | null
  priority: string
  dueDate: string | null
  parentId: string | null
  id: string
}

const listed = () => JSON.parse(session.tsk("list", "--all", "--json")) as ListedTask[]

async function quit(): Promise<void> {
  session.keys("q")
  await session.waitFor(atPrompt, "the shell prompt after quitting")
}

describe("the TUI as a daily driver", () => {
  it("s starts the selected task and s again stops it", async () => {
    session = openSession({ width: 80, height: 24 })
    session.tsk("add", "Plan sprint 14")
    await startTsk(session)
    session.keys("s")
    await session.waitFor((s) => /› ◐\s+Plan sprint 14/.test(s), "the task in progress")
    await session.waitFor(() => listed()[0]!.status === "in_progress", "in progress on disk")
    session.keys("s")
    await session.waitFor((s) => /› ○\s+Plan sprint 14/.test(s), "the task back to do")
    await quit()
    expect(listed()[0]!.status).toBe("todo")
  })

  it("quick add: the tokens show under the title before Enter and become fields", async () => {
    session = openSession({ width: 80, height: 24 })
    await startTsk(session)
    session.keys("a")
    await session.waitFor((s) => s.includes("Add task"), "the add dialog")
    session.type("Call mom due:2030-05-03 +family @home !high")
    await session.waitFor((s) => s.includes("→ due 2030-05-03 · #family · @home · !high"), "the live quick-add line")
    session.keys("Enter")
    await session.waitFor((s) => /› ○\s+↑?\s*Call mom/.test(s), "the new task in the list")
    await quit()
    expect(listed()[0]).toMatchObject({ title: "Call mom", dueDate: "2030-05-03", tags: ["family"], project: "home", priority: "high" })
  })

  it("the Board opens on the task selected in the List, and the List on the Board's card", async () => {
    session = openSession({ width: 100, height: 30 })
    session.tsk("add", "Buy milk")
    session.tsk("done", listed()[0]!.id)
    session.tsk("add", "Write notes")
    session.tsk("add", "Plan sprint 14")
    session.tsk("start", listed().find((t) => t.title === "Plan sprint 14")!.id)
    await startTsk(session)
    session.keys("G")
    await session.waitFor((s) => /›.{0,6}Plan sprint 14/.test(s), "Plan sprint 14 selected")
    session.keys("2")
    await session.waitFor((s) => /›.{0,6}Plan sprint 14/.test(s) && s.includes("In progress"), "the Board on Plan sprint 14")
    session.keys("h")
    await session.waitFor((s) => /›.{0,6}Write notes/.test(s), "the to-do card selected")
    session.keys("1")
    await session.waitFor((s) => /› ○\s+Write notes/.test(s), "the List on Write notes")
    await quit()
  })

  it("keeps the selection on the task after a cleared search, and on the parent after A", async () => {
    session = openSession({ width: 80, height: 24 })
    for (const title of ["Fix login", "Write notes", "Buy milk"]) session.tsk("add", title)
    await startTsk(session)
    session.keys("/")
    await session.waitFor((s) => s.includes("Search"), "the search dialog")
    session.type("milk")
    session.keys("Enter")
    await session.waitFor((s) => !s.includes("Fix login"), "the search applied")
    session.keys("Escape")
    await session.waitFor((s) => s.includes("Fix login") && /› ○\s+Buy milk/.test(s), "the list back, Buy milk still selected")
    session.keys("A")
    await session.waitFor((s) => s.includes("under 'Buy milk'"), "the subtask dialog")
    session.type("Oat milk")
    session.keys("Enter")
    await session.waitFor((s) => s.includes("Oat milk") && /›\s?▾○\s+Buy milk/.test(s), "the subtask shown, the parent still selected")
    session.keys("A")
    await session.waitFor((s) => s.includes("under 'Buy milk'"), "A again: a sibling under the same parent")
    session.type("Soy milk")
    session.keys("Enter")
    await session.waitFor((s) => s.includes("Soy milk"), "the second subtask")
    await quit()
    const tasks = listed()
    const parent = tasks.find((t) => t.title === "Buy milk")!
    expect(tasks.filter((t) => t.parentId === parent.id).map((t) => t.title).sort()).toEqual(["Oat milk", "Soy milk"])
  })

  it("dialog keys: n keeps a task in the delete confirm, y deletes it; the tag picker applies with Enter and Esc cancels", async () => {
    session = openSession({ width: 80, height: 24 })
    session.tsk("add", "Keep me", "-t", "home")
    await startTsk(session)
    session.keys("x")
    await session.waitFor((s) => s.includes("Delete 'Keep me'?"), "the delete confirm")
    session.keys("n")
    await session.waitFor((s) => !s.includes("Delete 'Keep me'?"), "the confirm closed by n")
    session.keys("t")
    await session.waitFor((s) => s.includes("[x] #home"), "the tag picker")
    session.keys("Space")
    await session.waitFor((s) => s.includes("[ ] #home"), "home unchecked")
    session.keys("Escape")
    await session.waitFor((s) => !s.includes("[ ] #home"), "the picker cancelled")
    session.keys("t")
    await session.waitFor((s) => s.includes("[x] #home"), "the tag picker again, home still checked")
    session.type("errand")
    session.keys("Enter")
    await session.waitFor((s) => !s.includes("#home ") || s.includes("errand"), "the picker applied")
    await session.waitFor(() => listed()[0]!.tags.includes("errand"), "errand on disk")
    expect(listed()[0]!.tags).toEqual(["home", "errand"])
    session.keys("x")
    await session.waitFor((s) => s.includes("Delete 'Keep me'?"), "the delete confirm")
    session.keys("y")
    await session.waitFor((s) => !s.includes("Keep me"), "the task deleted")
    await quit()
    expect(listed()).toEqual([])
  })
})
