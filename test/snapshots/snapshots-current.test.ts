// The committed snapshots/ are what `npm run snapshots` draws from the code as it is: a change to a
// view, a key or a dialog that leaves them behind fails here (run `npm run snapshots`).
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"

describe("snapshots/", () => {
  it("holds the screens the code draws now", () => {
    const out = mkdtempSync(join(tmpdir(), "tsk-snapshots-"))
    try {
      // As `npm run snapshots` runs it: NODE_ENV unset (React's act() exists only outside production).
      const { NODE_ENV: _unset, ...env } = process.env
      const run = spawnSync(BUN, [join(PROJECT_ROOT, "test/snapshots/capture-snapshots.tsx"), out], { cwd: PROJECT_ROOT, encoding: "utf8", env })
      expect(run.status, run.stderr).toBe(0)
      const committed = join(PROJECT_ROOT, "snapshots")
      const stale = readdirSync(out).filter((file) => file !== "README.md" && readFileSync(join(out, file), "utf8") !== readFileSync(join(committed, file), "utf8"))
      expect(readdirSync(committed).filter((file) => file.endsWith(".txt")).sort()).toEqual(readdirSync(out).filter((file) => file.endsWith(".txt")).sort())
      expect(stale, "run npm run snapshots").toEqual([])
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
