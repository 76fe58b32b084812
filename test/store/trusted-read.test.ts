// A reader trusts tasks.json without the schema only when its stamp names the identity the file had
// before the read and still has after it (readState reads the stamp beside the first identity and
// compares the second after the journal). The identities are scripted here, through the stat of
// Bun's file API that readers use: a file that changes between every pair of looks is otherwise a
// race a test cannot hold still.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { mutateTasks, readTasks } from "../../src/store/tasks-repository.ts"
import { TskError } from "../../src/domain/errors.ts"

/** The identities the next stats of tasks.json give, in order (then the file's own). */
let script: number[] = []
let taken = 0
/** The identity file-identity.ts makes of the scripted stat `n`. */
const identity = (n: number) => `${n}:0:0:0`
const realFile = Bun.file
function scriptedFile(path: string, options?: BlobPropertyBag): ReturnType<typeof Bun.file> {
  const file = realFile(path, options)
  if (typeof path !== "string" || !path.endsWith("/tasks.json")) return file
  const realStat = file.stat.bind(file)
  file.stat = async () => {
    if (script.length === 0) return realStat()
    taken++
    return { ino: script.shift()!, size: 0, mtimeMs: 0, ctimeMs: 0, isFile: () => true } as Awaited<ReturnType<typeof realStat>>
  }
  return file
}

let home: string
let cleanup: () => void
beforeEach(() => {
  ;({ home, cleanup } = makeTempHome())
  script = []
  taken = 0
  Bun.file = scriptedFile as typeof Bun.file
})
afterEach(() => {
  Bun.file = realFile
  cleanup()
})

/** tasks.json with `tasks` as written by hand (two-space layout), its stamp naming `stamped`. */
function writeStamped(tasks: unknown[], stamped: number): void {
  writeFileSync(join(home, "tasks.json"), JSON.stringify({ version: 1, revision: 3, tasks }, null, 2))
  writeFileSync(join(home, ".tasks.json.validated"), identity(stamped))
}

describe("a base read without the schema", () => {
  it("is used as read when the identity before and after the read is the one the stamp names", async () => {
    // The schema would trim this title: untrimmed, it was not validated.
    writeStamped([makeTask({ id: "t1", title: "  spaced  " })], 1)
    script = [1, 1]
    const first = await readTasks(home)
    expect(first.tasks[0]!.title).toBe("  spaced  ")
    // And remembered for that identity: the next read with it parses nothing.
    script = [1, 1]
    expect(await readTasks(home)).toBe(first)
    expect(taken).toBe(4)
  })

  it("is read again when the file changed during the read, and trusted once the identities agree", async () => {
    writeStamped([makeTask({ id: "t1", title: "  spaced  " })], 1)
    script = [1, 2, 1, 1]
    expect((await readTasks(home)).tasks[0]!.title).toBe("  spaced  ")
    expect(taken).toBe(4)
  })

  it("is never returned unverified, not even after the fifth read that found the file changing", async () => {
    // An invalid file the stamp names before each read, and another identity after each: every
    // trusted read is unverified, and the last attempt goes through the schema, which refuses it.
    writeStamped([{ ...makeTask({ id: "t1" }), status: "bogus" }], 1)
    script = [1, 2, 1, 3, 1, 4, 1, 5, 1, 6]
    const error = await readTasks(home).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    // Five reads: the last one's schema refused the file before the look after it.
    expect(taken).toBe(9)
  })

  it("is read again, not applied the journal to, when it turns out to be another file that is no list at all", async () => {
    // A list with a change in the journal (a line, not a rewrite: the list is large enough).
    const tasks = Array.from({ length: 50 }, (_, i) => makeTask({ id: `t${i}`, title: `task ${i}`, order: i + 1 }))
    await mutateTasks(home, () => ({ tasks, result: null }))
    await mutateTasks(home, (list) => ({ tasks: [...list, makeTask({ id: "t50", title: "task 50", order: 51 })], result: null }))
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
    // What a reader may get when another file is renamed in during its read: the stamp names the
    // identity it saw first; the content it read is of the other file, which is no list of tasks.
    const base = JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { tasks: unknown[] }
    writeFileSync(join(home, "tasks.json"), JSON.stringify({ ...base, tasks: [null] }))
    writeFileSync(join(home, ".tasks.json.validated"), identity(1))
    script = [1, 2]
    // Read again (the identity changed), then through the schema, which names the problem.
    const error = await readTasks(home).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    expect(taken).toBe(2)
  })
})
