import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { measureHookLatency } from "../../src/os/hook-latency.ts"
import { round, type Figure } from "./bench-helpers.ts"

export function benchHook(): Figure[] {
  const home = mkdtempSync(join(tmpdir(), "tsk-bench-hook-"))
  try {
    const report = measureHookLatency({ home, runs: 30, entry: "main" })
    return [
      { name: "tsk hook latency (median)", value: round(report.medianMs), unit: "ms", target: "< 50 ms", pass: report.medianMs < 50 },
      { name: "tsk hook latency (p95)", value: round(report.p95Ms), unit: "ms" },
    ]
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
