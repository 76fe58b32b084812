import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A fresh temporary folder; `cleanup()` removes it. */
export function makeTempHome(prefix = "tsk-test-"): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), prefix))
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) }
}
