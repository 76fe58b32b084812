import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { createTaskSession } from "../../src/mcp/task-session.ts"
import { PagedAnswer } from "../../src/bridge/paged-answer.ts"
import { createTaskBridgeCommands } from "../../src/bridge/task-commands.ts"
import { mutateTasks, readTasks } from "../../src/store/tasks-repository.ts"
import { defineBridgeCommand } from "../../src/domain/command-definition.ts"
import { createTask } from "../../src/domain/task-operations.ts"
import * as z from "zod"

let temp: ReturnType<typeof makeTempHome>
beforeEach(() => {
  temp = makeTempHome("tsk-mcp-session-")
})
afterEach(() => temp.cleanup())

describe("task commands run by the MCP server", () => {
  it("runs a bridge command on tasks.json and makes its change durable", async () => {
    const session = createTaskSession(temp.home, () => "custom", () => ({ name: "custom", how: "source" }))
    const create = createTaskBridgeCommands(session.access).find((d) => d.command === "create")!
    const data = (await session.run(create, { title: "From MCP" })) as { id: string }
    expect((await readTasks(temp.home)).tasks.map((t) => t.id)).toEqual([data.id])
  })

  it("runs the command again when another writer changed tasks.json meanwhile, losing neither change", async () => {
    await mutateTasks(temp.home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "existing" })], result: null }))
    const session = createTaskSession(temp.home, () => "custom", () => ({ name: "custom", how: "source" }))
    let runs = 0
    const racing = defineBridgeCommand({
      command: "racing-create",
      payload: z.object({}),
      run: async () => {
        runs++
        const made = session.access.mutate((tasks, ctx) => createTask(tasks, { title: `mine ${runs}` }, ctx))
        // Another process lands its write after this command read the list, before it commits.
        if (runs === 1) await mutateTasks(temp.home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "theirs", order: 99 })], result: null }))
        return made.title
      },
      describe: () => "",
    })
    expect(await session.run(racing, {})).toBe("mine 2")
    expect((await readTasks(temp.home)).tasks.map((t) => t.title).sort()).toEqual(["existing", "mine 2", "theirs"])
  })

  it("writes nothing for a command that only reads", async () => {
    await mutateTasks(temp.home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "one" })], result: null }))
    const before = (await readTasks(temp.home)).revision
    const session = createTaskSession(temp.home, () => "custom", () => ({ name: "custom", how: "source" }))
    const list = createTaskBridgeCommands(session.access).find((d) => d.command === "list")!
    expect(((await session.run(list, {})) as PagedAnswer).items).toHaveLength(1)
    expect((await readTasks(temp.home)).revision).toBe(before)
  })
})
