// A runner's batch written as a whole base (a temp file renamed over tasks.json) checks, right
// before the rename, that it still holds the lock and tasks.json is still the file it read: the
// durable record of folded lines written after its first checks is where it may have paused.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { pauseReadOf } from "../helpers/fifo-pause.ts"
import { serializeTasksFile } from "../../src/store/tasks-repository.ts"
import { maxOrderOf, serializeLine } from "../../src/store/tasks-journal.ts"
import { FOLDED_FILE } from "../../src/store/folded-lines.ts"
import { runTaskBatch } from "../../src/store/runner-task-commit.ts"
import { backupVersion } from "../../src/store/backups.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-batch-rename-")))
afterEach(() => cleanup())

const LINE = "bridge-0123456789abcdef01234567"

describe("a runner's batch written as a whole base", () => {
  it("does not rename its temp file over a tasks.json another writer wrote while it recorded the folded lines", async () => {
    const existing = makeTask({ id: "existing-id", title: "Already there", order: 1 })
    // The base as tsk writes it: with its copy in backups/ (else it is an outside file, merged first).
    const baseText = serializeTasksFile({ revision: 1, tasks: [existing] })
    writeFileSync(join(home, "tasks.json"), baseText)
    backupVersion(join(home, "tasks.json"), join(home, "backups"), baseText, 1)
    // A journal too full for another line, holding a bridge line a runner has pending: the batch
    // is a whole base, and recording that line as folded in reads agent-journal.json.
    const big = makeTask({ id: "big-id", title: "Big", order: 2, description: "x".repeat(70_000) })
    writeFileSync(join(home, "tasks.journal"), serializeLine({ base: 1, revision: 2, put: [big], delete: [], maxOrder: maxOrderOf([existing, big]), id: LINE }))
    writeFileSync(join(home, "agent-journal.json"), JSON.stringify({ version: 1, claims: ["c"], committed: [], pending: { line: LINE, entries: [] }, running: null }))
    const theirs = serializeTasksFile({ revision: 3, tasks: [existing, big, makeTask({ id: "theirs-id", title: "Another writer's", order: 3 })] })
    let paused: Promise<number | null> | null = null
    const outcome = runTaskBatch(
      home,
      async (current) => ({ value: null, tasks: [...current.tasks, makeTask({ id: "mine-id", title: "Mine", order: 4 })] }),
      // After this the runner checks its lock and the files, then records the folded line: it is
      // paused at that read while the writer that took its lock over writes tasks.json.
      async () => {
        paused = pauseReadOf(join(home, "agent-journal.json"), [{ op: "write", path: join(home, "tasks.json"), content: theirs }])
      },
    )
    await expect(outcome).rejects.toThrow()
    expect(await paused).toBe(0)
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe(theirs)
    // The temp file stays: the runner's journal reads the batch as not applied.
    expect(readdirSync(home).some((name) => name.startsWith("tasks.json.bridge-"))).toBe(true)
    expect(existsSync(join(home, FOLDED_FILE))).toBe(true)
  })
})
