import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { mkdirSync, renameSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import type { Task } from "../../src/domain/task.ts"

const errorOf = (stdout: string, stderr: string) => JSON.parse(stderr || stdout).error as { kind: string; message: string }

describe("tsk sync on the command line", () => {
  let root: string
  let cleanup: () => void
  let remote: string
  beforeEach(() => {
    ;({ home: root, cleanup } = makeTempHome("tsk-sync-cli-"))
    remote = join(root, "remote.git")
    execFileSync("git", ["init", "-q", "--bare", remote])
  })
  afterEach(() => cleanup())

  it("shares a list between two homes in three commands each", () => {
    const [a, b] = [join(root, "a"), join(root, "b")]
    runTskJson(a, ["add", "from a", "-p", "high"])
    expect(runTskJson<{ remote: string }>(a, ["sync", "init", remote]).remote).toBe(remote)
    expect(runTskJson<{ pushed: boolean }>(a, ["sync"]).pushed).toBe(true)
    expect(runTskJson<{ remoteHasBranch: boolean }>(b, ["sync", "init", remote]).remoteHasBranch).toBe(true)
    expect(runTskJson<{ tasks: number }>(b, ["sync"]).tasks).toBe(1)
    expect(runTskJson<Task[]>(b, ["list"]).map((t) => [t.title, t.priority])).toEqual([["from a", "high"]])
    expect(runTskJson(b, ["config", "get", "sync.remote"])).toEqual({ key: "sync.remote", value: remote })
  })

  it("says how far the list is from the remote in sync status", () => {
    const a = join(root, "a")
    runTskJson(a, ["add", "one"])
    runTskJson(a, ["sync", "init", remote])
    expect(runTskJson(a, ["sync", "status"])).toMatchObject({ configured: true, lastSyncAt: null, localChanges: true, openConflicts: 0 })
    runTskJson(a, ["sync"])
    expect(runTskJson(a, ["sync", "status"])).toMatchObject({ ahead: 0, behind: 0, localChanges: false, lastError: null })
    runTskJson(a, ["add", "two"])
    expect(runTskJson(a, ["sync", "status"])).toMatchObject({ localChanges: true })
  })

  it("fails with kind io when the remote cannot be reached, keeps the change committed, and sends it once the remote is back", () => {
    const a = join(root, "a")
    runTskJson(a, ["add", "one"])
    runTskJson(a, ["sync", "init", remote])
    runTskJson(a, ["sync"])
    runTskJson(a, ["add", "made offline"])
    renameSync(remote, `${remote}.away`)
    const failed = runTsk(a, ["sync", "--json"])
    expect(failed.code).toBe(1)
    expect(errorOf(failed.stdout, failed.stderr).kind).toBe("io")
    const log = execFileSync("git", ["--git-dir", join(a, "sync"), "log", "--format=%s", "tsk"], { encoding: "utf8" })
    expect(log.split("\n")[0]).toMatch(/^tsk: 1 change from /)
    expect(runTskJson(a, ["sync", "status"])).toMatchObject({ ahead: 1, lastError: expect.stringContaining("cannot sync") })
    renameSync(`${remote}.away`, remote)
    expect(runTskJson<{ pushed: boolean }>(a, ["sync"]).pushed).toBe(true)
    const b = join(root, "b")
    runTskJson(b, ["sync", "init", remote])
    runTskJson(b, ["sync"])
    expect(runTskJson<Task[]>(b, ["list"]).map((t) => t.title).sort()).toEqual(["made offline", "one"])
  })

  it("asks for a remote first (kind invalid)", () => {
    const result = runTsk(join(root, "a"), ["sync", "--json"])
    expect(result.code).toBe(4)
    expect(errorOf(result.stdout, result.stderr).message).toContain("tsk sync init")
  })

  it("refuses a remote it cannot reach at init and stores nothing", () => {
    const a = join(root, "a")
    const result = runTsk(a, ["sync", "init", join(root, "nothing-here.git"), "--json"])
    expect(result.code).toBe(1)
    expect(errorOf(result.stdout, result.stderr).kind).toBe("io")
    expect(runTskJson(a, ["config", "get", "sync.remote"])).toEqual({ key: "sync.remote", value: null })
  })

  it("says clearly when git is missing", () => {
    const a = join(root, "a")
    runTskJson(a, ["sync", "init", remote])
    // A PATH with Bun's folder only: no git on it.
    const bin = join(root, "bin-without-git")
    mkdirSync(bin)
    symlinkSync(process.execPath, join(bin, "bun"))
    const result = runTsk(a, ["sync", "--json"], { PATH: bin })
    expect(result.code).toBe(1)
    expect(errorOf(result.stdout, result.stderr)).toMatchObject({ kind: "io", message: expect.stringContaining("git is not installed") })
  })
})
