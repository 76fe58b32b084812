// A plain `git pull` in two clones of the sync branch, with tsk's merge driver configured, merges
// concurrent changes of one task file per field instead of leaving conflict markers.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { serializeTaskFile, taskFilePath } from "../../src/domain/task-file.ts"
import type { Task } from "../../src/domain/task.ts"

describe("tsk merge-driver under a plain git pull", () => {
  let root: string
  let cleanup: () => void
  beforeEach(() => {
    ;({ home: root, cleanup } = makeTempHome("tsk-merge-driver-"))
  })
  afterEach(() => cleanup())

  const gitIn = (dir: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t", ...env } })

  function edit(clone: string, task: Task, change: Partial<Task>, updatedAt: string, message: string): void {
    const path = join(clone, taskFilePath(task.id))
    const current = JSON.parse(readFileSync(path, "utf8")) as Task
    writeFileSync(path, serializeTaskFile({ ...current, ...change, updatedAt }))
    gitIn(clone, ["commit", "-qam", message])
  }

  it("installs the driver in the sync repository's config and names it in .gitattributes", () => {
    const remote = join(root, "remote.git")
    execFileSync("git", ["init", "-q", "--bare", remote])
    const home = join(root, "home")
    runTskJson(home, ["add", "first"])
    expect(runTsk(home, ["sync", "init", remote]).code).toBe(0)
    expect(runTsk(home, ["sync"]).code).toBe(0)
    const driver = execFileSync("git", ["--git-dir", join(home, "sync"), "config", "merge.tsk.driver"], { encoding: "utf8" })
    expect(driver).toMatch(/merge-driver %O %A %B %P\n$/)
    expect(execFileSync("git", ["--git-dir", remote, "show", "tsk:.gitattributes"], { encoding: "utf8" })).toBe("tasks/**/*.json merge=tsk\n")
  })

  it("merges two clones' concurrent changes to one task without conflict markers", () => {
    const remote = join(root, "remote.git")
    execFileSync("git", ["init", "-q", "--bare", remote])
    const home = join(root, "home")
    const task = runTskJson<Task>(home, ["add", "shared", "--desc", "first words"])
    runTsk(home, ["sync", "init", remote])
    expect(runTsk(home, ["sync"]).code).toBe(0)

    const [one, two] = [join(root, "one"), join(root, "two")]
    const driverHome = join(root, "driver-home")
    for (const clone of [one, two]) {
      execFileSync("git", ["clone", "-q", "-b", "tsk", remote, clone])
      gitIn(clone, ["config", "merge.tsk.driver", `${BUN} ${MAIN} merge-driver %O %A %B %P`])
    }
    // Different fields on each side, and the title on both: the later updatedAt keeps it.
    edit(one, task, { title: "title from one", priority: "high" }, "2030-01-01T10:00:00.000Z", "one")
    gitIn(one, ["push", "-q", "origin", "tsk"])
    edit(two, task, { title: "title from two", description: "words from two" }, "2030-01-01T09:00:00.000Z", "two")
    gitIn(two, ["pull", "-q", "--no-rebase", "--no-edit", "origin", "tsk"], { TSK_HOME: driverHome, NO_COLOR: "1" })

    const text = readFileSync(join(two, taskFilePath(task.id)), "utf8")
    expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m)
    const merged = JSON.parse(text) as Task
    expect(merged).toMatchObject({ title: "title from one", priority: "high", description: "words from two", updatedAt: "2030-01-01T10:00:00.000Z" })
    expect(gitIn(two, ["status", "--porcelain"])).toBe("")
    const conflicts = JSON.parse(readFileSync(join(driverHome, "conflicts.json"), "utf8")).conflicts
    expect(conflicts).toMatchObject([{ source: `git merge of ${taskFilePath(task.id)}`, taskId: task.id, field: "title", kept: "title from one", lost: "title from two" }])
  })
})
