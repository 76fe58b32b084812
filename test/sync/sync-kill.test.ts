// A `tsk sync` killed with SIGKILL (with the git it runs: the whole process group, as a closed
// terminal or a power cut would) at each of its steps loses nothing, and the next `tsk sync`
// completes. The kill points are set by a `git` first on PATH that stops, before or after the real
// git ran, at the nth call of one git command; the test then kills the group.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn, execFileSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import type { Task } from "../../src/domain/task.ts"

const REAL_GIT = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim()

const WRAPPER = `#!/bin/sh
sub=""
for a in "$@"; do case $a in --git-dir=*) ;; *) sub=$a; break ;; esac; done
if [ "$sub" = "$KILL_AT_CMD" ]; then
  n=$(cat "$KILL_DIR/count-$sub" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$KILL_DIR/count-$sub"
  if [ "$n" = "$KILL_AT_N" ]; then
    if [ "$KILL_WHEN" = after ]; then "$REAL_GIT" "$@"; fi
    touch "$KILL_DIR/reached"
    sleep 600
  fi
fi
exec "$REAL_GIT" "$@"
`

/** [git command, which call, before or after it ran, what the step is] in one sync of a home with local changes behind a remote that moved. */
const KILL_POINTS: [string, number, "before" | "after", string][] = [
  ["fetch", 1, "before", "fetch"],
  ["fetch", 1, "after", "fetch"],
  ["fast-import", 1, "before", "commit of local changes"],
  ["fast-import", 1, "after", "commit of local changes"],
  ["update-ref", 1, "after", "commit of local changes"],
  ["fast-import", 2, "before", "merge"],
  ["fast-import", 2, "after", "merge"],
  ["update-ref", 2, "after", "merge (branch moved, list not yet taken in)"],
  ["update-ref", 3, "before", "merge (list taken in, not yet marked)"],
  ["push", 1, "before", "push"],
  ["push", 1, "after", "push"],
]

const titles = (home: string) => runTskJson<Task[]>(home, ["list", "--all"]).map((t) => t.title).sort()

describe("tsk sync killed at each step", () => {
  let root: string
  let cleanup: () => void
  beforeEach(() => {
    ;({ home: root, cleanup } = makeTempHome("tsk-sync-kill-"))
  })
  afterEach(() => cleanup())

  it.each(KILL_POINTS)("loses nothing when killed at %s #%i (%s it ran: %s), and the next sync completes", async (command, nth, when) => {
    const remote = join(root, "remote.git")
    execFileSync(REAL_GIT, ["init", "-q", "--bare", remote])
    const [a, b] = [join(root, "a"), join(root, "b")]
    const first = runTskJson<Task>(a, ["add", "shared task"])
    for (const home of [a, b]) {
      expect(runTsk(home, ["sync", "init", remote]).code).toBe(0)
      expect(runTsk(home, ["sync"]).code).toBe(0)
    }
    runTskJson(b, ["add", "added on b"])
    runTskJson(b, ["edit", first.id, "-p", "high"])
    expect(runTsk(b, ["sync"]).code).toBe(0)
    runTskJson(a, ["add", "added on a"])
    runTskJson(a, ["edit", first.id, "--title", "renamed on a"])

    const bin = join(root, "bin")
    mkdirSync(bin)
    writeFileSync(join(bin, "git"), WRAPPER)
    chmodSync(join(bin, "git"), 0o755)
    const killDir = join(root, "kill")
    mkdirSync(killDir)
    const env = { ...process.env, TSK_HOME: a, NO_COLOR: "1", PATH: `${bin}:${process.env.PATH}`, REAL_GIT, KILL_DIR: killDir, KILL_AT_CMD: command, KILL_AT_N: String(nth), KILL_WHEN: when }
    const child = spawn(BUN, [MAIN, "sync"], { env, detached: true, stdio: "ignore" })
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
    const reached = join(killDir, "reached")
    for (let waited = 0; !existsSync(reached); waited += 20) {
      if (waited > 60_000) throw new Error(`the sync never reached ${command} #${nth}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    process.kill(-child.pid!, "SIGKILL")
    await exited

    const again = runTsk(a, ["sync", "--json"])
    expect(again.stderr).toBe("")
    expect(again.code).toBe(0)
    expect(runTsk(b, ["sync"]).code).toBe(0)
    const expected = ["added on a", "added on b", "renamed on a"]
    expect(titles(a)).toEqual(expected)
    expect(titles(b)).toEqual(expected)
    const shared = runTskJson<Task>(b, ["show", first.id])
    expect(shared.priority).toBe("high")
  }, 120_000)
})
