// `tsk import` is held to the rules of `tsk add` and reads only a regular file of bounded size,
// run as a real process (a FIFO would block an old import for good).
import { execFileSync, spawnSync } from "node:child_process"
import { symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTskJson } from "../helpers/run-tsk.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import type { Task } from "../../src/domain/task.ts"

let home: string
let outside: string
let cleanups: Array<() => void> = []
beforeEach(() => {
  const a = makeTempHome()
  const b = makeTempHome("tsk-import-")
  home = a.home
  outside = b.home
  cleanups = [a.cleanup, b.cleanup]
})
afterEach(() => cleanups.forEach((c) => c()))

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const file = (name: string, tasks: unknown) => {
  const path = join(outside, name)
  writeFileSync(path, typeof tasks === "string" ? tasks : JSON.stringify(tasks))
  return path
}
const listed = () => runTskJson<unknown[]>(home, ["list", "--all", "--limit", "0"])

/** `tsk import`, killed outright if it hangs (a blocked read never sees a gentler signal). */
function importFile(path: string): { code: number; stderr: string } {
  const result = spawnSync(BUN, [MAIN, "import", path], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" })
  return { code: result.status ?? -1, stderr: result.stderr }
}

function expectRefused(path: string, message: RegExp): void {
  const result = importFile(path)
  expect(result.code).toBe(4)
  expect(result.stderr).toMatch(message)
  expect(listed()).toHaveLength(0)
}

describe("tsk import refuses what tsk add refuses", () => {
  it("refuses tasks whose blockers form a cycle", () => {
    const tasks: Task[] = [makeTask({ id: id(1), title: "A", blockedBy: [id(2)] }), makeTask({ id: id(2), title: "B", blockedBy: [id(1)] })]
    expectRefused(file("cycle.json", tasks), /blockers form a cycle/)
  })

  it("refuses a chain of subtasks five levels deep", () => {
    const tasks = [1, 2, 3, 4, 5].map((n) => makeTask({ id: id(n), title: `Level ${n}`, parentId: n === 1 ? null : id(n - 1), order: n }))
    expectRefused(file("deep.json", tasks), /nest at most 3 levels/)
    // Three levels are what add allows, and import too.
    expect(runTskJson<{ imported: number }>(home, ["import", file("three.json", tasks.slice(0, 3))]).imported).toBe(3)
  })

  it("refuses a 1 MB title instead of cutting it", () => {
    expectRefused(file("long.json", [{ id: "x1", title: "t".repeat(1_000_000), status: "todo" }]), /title is 1000000 characters; the limit is 200/)
  })

  it("refuses a file that is not valid UTF-8", () => {
    const bytes = Buffer.concat([Buffer.from('[{"id":"x1","title":"caf'), Buffer.from([0xe9, 0xff]), Buffer.from('","status":"todo"}]')])
    const path = file("latin1.json", "")
    writeFileSync(path, bytes)
    expectRefused(path, /not valid UTF-8/)
  })
})

describe("tsk import reads only a regular file", () => {
  it("refuses a FIFO at once instead of waiting on it", () => {
    const fifo = join(home, "inbox-fifo")
    execFileSync("mkfifo", [fifo])
    expectRefused(fifo, /is a FIFO, not a regular file/)
  })

  it("refuses a link to /dev/zero instead of reading without end", () => {
    const link = join(home, "zero.json")
    symlinkSync("/dev/zero", link)
    expectRefused(link, /is a device, not a regular file/)
  })

  it("refuses a folder", () => {
    expectRefused(outside, /is a folder/)
  })

  it("reads a link to a regular file that a person names", () => {
    const target = file("real.json", [makeTask({ id: id(1), title: "Linked" })])
    const link = join(home, "link.json")
    symlinkSync(target, link)
    expect(runTskJson<{ imported: number }>(home, ["import", link]).imported).toBe(1)
  })
})
