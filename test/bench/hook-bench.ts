// `tsk hook` as installed hooks run it (the launcher, bin/tsk), each run right after a bare Bun
// start (`bun -e 0`): DESIGN section 12 asks for at most 2x that start (median).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { measureHookLatency } from "../../src/os/hook-latency.ts"
import { round, type Figure } from "./bench-helpers.ts"

export function benchHook(): Figure[] {
  const home = mkdtempSync(join(tmpdir(), "tsk-bench-hook-"))
  try {
    const report = measureHookLatency({ home, runs: 40, entry: "launcher" })
    return [
      { name: "floor: bare Bun start (bun -e 0)", value: round(report.floorMedianMs), unit: "ms", ratio: 1, cpuRatio: 1 },
      {
        name: "tsk hook latency (median, launcher)",
        value: round(report.medianMs),
        unit: "ms",
        ratio: report.ratio,
        cpuRatio: report.cpuRatio,
        target: "<= 2x bare Bun start",
        pass: report.ratio <= 2,
      },
      { name: "tsk hook latency (p95)", value: round(report.p95Ms), unit: "ms" },
    ]
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
