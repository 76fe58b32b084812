// A tasks.json without its validation stamp (an outside edit, a copy, a restore) is read without
// zod when it passes the fast check, and stamped for later reads; anything else still goes
// through the schema, which fills in, trims or names the problem.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { readTasks } from "../../src/store/tasks-repository.ts"
import { isValidatedStamp } from "../../src/store/validated-stamp.ts"
import { TskError } from "../../src/domain/errors.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const file = () => join(home, "tasks.json")

describe("a tasks file read without its stamp", () => {
  it("is used as parsed when it is exactly what the schema returns, and stamped, even laid out by hand", async () => {
    const tasks = [makeTask({ id: "t1", title: "first" }), { ...makeTask({ id: "t2", title: "second", order: 1 }), assignee: "claude" }]
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 4, tasks }, null, 2))
    expect(existsSync(join(home, ".tasks.json.validated"))).toBe(false)
    expect(await readTasks(home)).toEqual({ revision: 4, tasks })
    expect(await isValidatedStamp(file())).toBe(true)
  })

  it("still has the schema fill in what a hand-written file leaves out, and trim titles, without a stamp", async () => {
    const { description: _, ...partial } = makeTask({ id: "t1", title: "  spaced  " })
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 2, tasks: [partial] }, null, 2))
    const read = await readTasks(home)
    expect(read.tasks[0]).toMatchObject({ description: "", title: "spaced" })
    expect(await isValidatedStamp(file())).toBe(false)
  })

  it("still gets the schema's message for a file that is wrong", async () => {
    writeFileSync(file(), JSON.stringify({ version: 1, revision: 2, tasks: [{ ...makeTask({ id: "t1" }), status: "bogus" }] }))
    const error = await readTasks(home).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    expect((error as TskError).message).toMatch(/tasks\[0\]\.status/)
    expect(await isValidatedStamp(file())).toBe(false)
  })
})
