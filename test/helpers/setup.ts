import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

// React's act() only flushes updates when the environment says it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// A test that forgets to name its homes must never touch the person's own ~/.tsk or
// ~/.c64bridge: every test process (and what it spawns) defaults to throwaway folders.
const fallback = mkdtempSync(join(tmpdir(), "tsk-test-default-"))
process.env.TSK_HOME ??= join(fallback, "tsk")
process.env.C64BRIDGE_HOME ??= join(fallback, "c64bridge")
