// When the remote moves between a sync's fetch and its push, the push is refused and the sync
// fetches and merges again. The remote is moved at that very moment by a `git` first on PATH that,
// before the first push, runs another home's `tsk sync`.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import type { Task } from "../../src/domain/task.ts"

const REAL_GIT = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim()

const WRAPPER = `#!/bin/sh
sub=""
for a in "$@"; do case $a in --git-dir=*) ;; *) sub=$a; break ;; esac; done
if [ "$sub" = push ] && [ ! -e "$MARK" ]; then
  touch "$MARK"
  env TSK_HOME="$OTHER_HOME" PATH="$ORIGINAL_PATH" "$BUN" "$MAIN" sync >/dev/null 2>&1 || exit 99
fi
exec "$REAL_GIT" "$@"
`

describe("tsk sync when the remote moves during the sync", () => {
  let root: string
  let cleanup: () => void
  beforeEach(() => {
    ;({ home: root, cleanup } = makeTempHome("tsk-sync-retry-"))
  })
  afterEach(() => cleanup())

  it("fetches and merges again after a refused push, and both homes end with both changes", () => {
    const remote = join(root, "remote.git")
    execFileSync(REAL_GIT, ["init", "-q", "--bare", remote])
    const [a, b] = [join(root, "a"), join(root, "b")]
    for (const home of [a, b]) {
      runTskJson(home, ["sync", "init", remote])
      runTskJson(home, ["sync"])
    }
    runTskJson(a, ["add", "from a"])
    runTskJson(b, ["add", "from b"])
    const bin = join(root, "bin")
    mkdirSync(bin)
    writeFileSync(join(bin, "git"), WRAPPER)
    chmodSync(join(bin, "git"), 0o755)
    const env = { PATH: `${bin}:${process.env.PATH}`, ORIGINAL_PATH: process.env.PATH, REAL_GIT, MARK: join(root, "moved"), OTHER_HOME: b, BUN, MAIN }
    const result = runTskJson<{ rounds: number; pushed: boolean; merged: boolean }>(a, ["sync"], env)
    expect(result).toMatchObject({ rounds: 2, pushed: true, merged: true })
    expect(runTsk(b, ["sync"]).code).toBe(0)
    for (const home of [a, b]) expect(runTskJson<Task[]>(home, ["list"]).map((t) => t.title).sort()).toEqual(["from a", "from b"])
  })
})
