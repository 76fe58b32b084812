// The TUI with 10,000 tasks: first frame and key-to-frame on the test renderer (in a production
// React process), and the whole process — `tsk` started in tmux until the list is on screen.
import { execFileSync, spawnSync } from "node:child_process"
import { readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { makeBenchHome } from "./tasks-bench.ts"
import { median, round, runFloor, summarise, TSK, type Figure, type Summary } from "./bench-helpers.ts"

interface TuiFigures {
  firstFrameMs: number
  keyToFrameMs: { median: number; p95: number; max: number }
  rssMb: number
  rssAfterGcMb: number
}

interface Latency {
  median: number
  p95: number
}

function inProcessFigures(): { moves: TuiFigures; toggles: TuiFigures; osPanel: { fromExitMs: Latency; fromStartMs: Latency } } {
  const child = spawnSync(BUN, [join(PROJECT_ROOT, "test/bench/tui-bench-child.ts")], {
    env: { ...process.env, NODE_ENV: "production", NO_COLOR: "" },
    encoding: "utf8",
    timeout: 300_000,
  })
  if (child.status !== 0) throw new Error(`TUI bench failed: ${child.stderr}`)
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!)
}

/** Resident memory of a process now (VmRSS in /proc), in MB; null where /proc is missing. */
function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]
    return kb ? Number(kb) / 1024 : null
  } catch {
    return null
  }
}

/** What another program does to tasks.json: the same tasks written anew (a new file identity, so
 * the next read cannot trust the validated stamp and checks every task). */
function writeFromOutside(home: string): void {
  const file = join(home, "tasks.json")
  const temp = `${file}.outside`
  writeFileSync(temp, readFileSync(file))
  renameSync(temp, file)
}

/**
 * From spawning `tsk` (the launcher) in a terminal to the task list on screen, polled every 5 ms,
 * each run after a floor process on the same tasks.json (13 runs, the first only warms the caches).
 * With `outsideWrite`, another program rewrites tasks.json just before each launch. The list on
 * screen is tsk's first screen, drawn before the app loads (src/cli/first-paint.ts); `j` is typed
 * as soon as it shows, and `keys` is the time until the app has moved the cursor: the first key
 * answered.
 */
async function wholeProcessFirstFrame(runs = 13, outsideWrite = false, command: string[] = TSK_COMMAND): Promise<{ frame: Summary; ratio: number; keys: Summary; keysRatio: number; rssMb: number | null }> {
  const { home, cleanup } = await makeBenchHome(10_000)
  const socket = `tsk-bench-${process.pid}`
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
  const times: number[] = []
  const ratios: number[] = []
  const keyTimes: number[] = []
  const keyRatios: number[] = []
  const rss: number[] = []
  try {
    // tmux runs already when a person starts tsk in it: a session holds the server between the
    // runs, so that no run includes a server's start (~5–10 ms; each run started one before).
    tmux("new-session", "-d", "-s", "hold", "sleep", "86400")
    for (let i = 0; i < runs; i++) {
      if (outsideWrite) writeFromOutside(home)
      const floor = runFloor(home).ms
      const started = performance.now()
      tmux("new-session", "-d", "-s", "b", "-x", "120", "-y", "40", "env", `TSK_HOME=${home}`, `C64BRIDGE_HOME=${join(home, "c64")}`, ...command)
      while (!tmux("capture-pane", "-t", "b", "-p").includes("Task 0:")) {
        if (performance.now() - started > 20_000) throw new Error("tsk did not draw its task list")
        Bun.sleepSync(5)
      }
      times.push(performance.now() - started)
      ratios.push(times.at(-1)! / floor)
      // The probe (opentui-probe.ts) draws one line and moves nothing.
      if (command.includes(TSK)) {
        tmux("send-keys", "-t", "b", "j")
        while (!tmux("capture-pane", "-t", "b", "-p").includes("Tasks 2/")) {
          if (performance.now() - started > 20_000) throw new Error("tsk did not answer j")
          Bun.sleepSync(5)
        }
        keyTimes.push(performance.now() - started)
        keyRatios.push(keyTimes.at(-1)! / floor)
      }
      // The pane's process is tsk itself (env and the launcher exec it). Its memory a second after
      // the first frame, once the monitor feeds and the watcher have started as well.
      const pid = Number(tmux("display-message", "-p", "-t", "b", "#{pane_pid}").trim())
      Bun.sleepSync(1000)
      const mb = residentMb(pid)
      if (mb !== null) rss.push(mb)
      // A q typed while React is still registering its key handler can be lost on a loaded
      // machine: q is typed again every 5 s (the figure is the first frame, not the quit).
      const quitBy = performance.now() + 60_000
      let typedAt = 0
      for (;;) {
        try {
          tmux("has-session", "-t", "b")
        } catch {
          break
        }
        if (performance.now() > quitBy) throw new Error("tsk did not quit on q within 60 s")
        if (performance.now() - typedAt > 5000) {
          tmux("send-keys", "-t", "b", "q")
          typedAt = performance.now()
        }
        Bun.sleepSync(10)
      }
    }
  } finally {
    try {
      tmux("kill-server")
    } catch {
      // no server left
    }
    cleanup()
  }
  // The first run also warms the file cache.
  const keys = keyTimes.length > 1 ? summarise(keyTimes.slice(1)) : { median: Number.NaN, min: Number.NaN, max: Number.NaN, p95: Number.NaN }
  return { frame: summarise(times.slice(1)), ratio: median(ratios.slice(1)), keys, keysRatio: keyRatios.length > 1 ? median(keyRatios.slice(1)) : Number.NaN, rssMb: rss.length > 0 ? Math.max(...rss) : null }
}

const TSK_COMMAND = [TSK]

/** The launch rows: with the validated stamp, and right after another program wrote tasks.json; to the first screen and to the first key answered. */
export async function launchFigures(runs = 13, command = TSK_COMMAND): Promise<{ figures: Figure[]; rssMb: number | null }> {
  const stamped = await wholeProcessFirstFrame(runs, false, command)
  const outside = await wholeProcessFirstFrame(runs, true, command)
  // The list on screen has the target; the first key answered is reported beside it.
  const row = (name: string, summary: Summary, ratio: number, target?: string): Figure => ({
    name,
    value: round(summary.median),
    unit: "ms",
    spread: [round(summary.min), round(summary.max)],
    ratio: round(ratio, 2),
    ...(target ? { target, pass: ratio <= 3 } : {}),
  })
  return {
    figures: [
      row("TUI launch to first frame, whole process in tmux (10,000 tasks, validated stamp)", stamped.frame, stamped.ratio, "≤ 3× the floor"),
      row("TUI launch to first frame right after another program wrote tasks.json (10,000 tasks)", outside.frame, outside.ratio, "≤ 3× the floor"),
      row("TUI launch to the first key answered (j typed at the first frame; validated stamp)", stamped.keys, stamped.keysRatio),
      row("TUI launch to the first key answered, right after an outside write", outside.keys, outside.keysRatio),
    ],
    rssMb: stamped.rssMb,
  }
}

export async function benchTui(): Promise<Figure[]> {
  const { moves, toggles, osPanel } = inProcessFigures()
  const launch = await launchFigures()
  const whole = { rssMb: launch.rssMb }
  const rss = Math.max(moves.rssMb, toggles.rssAfterGcMb)
  return [
    { name: "TUI first frame, 10,000 tasks (store read → frame)", value: round(moves.firstFrameMs), unit: "ms", target: "< 200 ms", pass: moves.firstFrameMs < 200 },
    ...launch.figures,
    { name: "TUI key → frame, j (median)", value: round(moves.keyToFrameMs.median, 2), unit: "ms", target: "< 16 ms", pass: moves.keyToFrameMs.median < 16 },
    { name: "TUI key → frame, j (p95)", value: round(moves.keyToFrameMs.p95, 2), unit: "ms", target: "< 16 ms", pass: moves.keyToFrameMs.p95 < 16 },
    { name: "TUI key → frame, d (median)", value: round(toggles.keyToFrameMs.median, 2), unit: "ms", target: "< 16 ms", pass: toggles.keyToFrameMs.median < 16 },
    { name: "TUI key → frame, d (p95)", value: round(toggles.keyToFrameMs.p95, 2), unit: "ms", target: "< 16 ms", pass: toggles.keyToFrameMs.p95 < 16 },
    // The bench process also holds the generated tasks and the test renderer: an upper bound.
    { name: "TUI resident memory, 10,000 tasks (bench process, test renderer)", value: round(rss), unit: "MB", target: "< 200 MB", pass: rss < 200 },
    ...(whole.rssMb === null
      ? []
      : [{ name: "TUI resident memory, whole process in tmux (10,000 tasks, largest of the runs)", value: round(whole.rssMb), unit: "MB", target: "< 120 MB", pass: whole.rssMb < 120 }]),
    { name: "tsk os command exit → phase panel (median)", value: round(osPanel.fromExitMs.median), unit: "ms", target: "< 500 ms", pass: osPanel.fromExitMs.median < 500 },
    { name: "tsk os command exit → phase panel (p95)", value: round(osPanel.fromExitMs.p95), unit: "ms" },
    { name: "tsk os command start → phase panel (median)", value: round(osPanel.fromStartMs.median), unit: "ms" },
  ]
}

// `bun test/bench/tui-bench.ts [runs] [probe]`: only the two launch rows (whole process in tmux);
// with `probe`, first the least an OpenTUI app does to show the first task (opentui-probe.ts),
// measured the same way, for what is left that is tsk's own.
if (import.meta.main) {
  const runs = Number(process.argv[2] ?? 7)
  if (process.argv.includes("probe")) {
    const probe = await wholeProcessFirstFrame(runs, false, [BUN, join(PROJECT_ROOT, "test/bench/opentui-probe.ts")])
    console.log(`OpenTUI + React, read + parse, one line drawn (probe): ${round(probe.frame.median)} ms [${round(probe.frame.min)}–${round(probe.frame.max)}], ${round(probe.ratio, 2)}× the floor`)
  }
  // `without-first-screen`: the app draws the first frame itself (TSK_FIRST_SCREEN=0), for comparison.
  const { figures } = await launchFigures(runs, process.argv.includes("without-first-screen") ? ["env", "TSK_FIRST_SCREEN=0", TSK] : TSK_COMMAND)
  for (const f of figures) console.log(`${f.name}: ${f.value} ms [${f.spread?.join("–")}], ${f.ratio}× the floor`)
}
