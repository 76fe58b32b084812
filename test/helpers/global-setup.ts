import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

// One folder for the whole run: each test file's own folder (setup.ts) is made inside it, and it
// goes when the run ends, with whatever a file left (one whose tests were all skipped runs no
// afterAll). The workers start after this and inherit the variable.
export default function globalSetup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "tsk-tests-"))
  process.env.TSK_TEST_OUTER_TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
