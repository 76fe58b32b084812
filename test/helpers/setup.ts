import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"

// React's act() only flushes updates when the environment says it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Each test file works in a folder of its own, removed when the file is done: every temporary
// folder its tests make (tmpdir() reads TMPDIR), and those of the processes they start, are in
// it, so a run leaves nothing behind however a test ends (runs used to leave ~150 folders in
// the system's temporary folder, which made Bun start slower there: it reads the folders above
// a script it runs). The folder outside is the run's (global-setup.ts), or the one the worker
// started with (files run one after another in a worker, which keeps the environment).
const outside = (process.env.TSK_TEST_OUTER_TMPDIR ??= tmpdir())
const scratch = mkdtempSync(join(outside, "tsk-test-"))
process.env.TMPDIR = scratch
// A test that forgets to name its homes must never touch the person's own ~/.tsk or
// ~/.c64bridge (nor the homes TSK_HOME names outside): every test process, and what it spawns,
// defaults to throwaway folders.
process.env.TSK_HOME = join(scratch, "tsk")
process.env.C64BRIDGE_HOME = join(scratch, "c64bridge")

afterAll(() => rmSync(scratch, { recursive: true, force: true }))
