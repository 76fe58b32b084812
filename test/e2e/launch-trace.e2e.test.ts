// TSK_LAUNCH_TRACE=<file> (src/store/launch-trace.ts): the real TUI, started by the launcher in
// tmux, appends one line with each step of its launch once the first frame is drawn, in order,
// with the main thread's CPU time, for docs/tui-launch.md's breakdown.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { LAUNCHER, openSession, PROMPT, type TmuxSession } from "./tmux-session.ts"

let session: TmuxSession
afterEach(() => session.close())

const STEPS = [
  "cli: loaded",
  "cli: command line",
  "first-paint: loaded",
  "first-paint: read",
  "first-paint: drawn",
  "cli: first screen",
  "tui.js loaded",
  "start-tui: import run-tui",
  "start-tui: run-tui imported",
  "run-tui: tasks read",
  "run-tui: app loaded",
  "run-tui: renderer created",
  "run-tui: rendered",
  "run-tui: first frame",
]

describe("the launch trace", () => {
  it("writes each step of the TUI's launch, in order, once the first frame is drawn", async () => {
    session = openSession({ width: 100, height: 30 })
    const trace = join(session.home, "launch-trace.jsonl")
    await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
    session.type(`cd ${session.home} && TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`)
    session.keys("Enter")
    await session.waitFor((s) => s.includes("1 List") && s.includes("NORMAL") && existsSync(trace), "the app's first frame and the trace")
    const lines = readFileSync(trace, "utf8").trim().split("\n")
    expect(lines).toHaveLength(1)
    const { origin, marks } = JSON.parse(lines[0]!) as { origin: number; marks: [string, number, number][] }
    expect(origin).toBeGreaterThan(0)
    expect(marks.map(([step]) => step)).toEqual(STEPS)
    for (let i = 1; i < marks.length; i++) {
      expect(marks[i]![1]).toBeGreaterThanOrEqual(marks[i - 1]![1])
      expect(marks[i]![2]).toBeGreaterThanOrEqual(marks[i - 1]![2])
    }
    session.keys("q")
  })
})
