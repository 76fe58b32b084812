// A fold that runs while a compaction rotates the log: the compaction writes its snapshot (the log
// folded up to an offset, to be moved aside), hooks may still append to the log, and then the log
// is renamed to session_log.1.jsonl. A reader that took that snapshot and opens the two logs around
// the rename must still fold the lines past the offset. The rename is made to land between the
// reader's opens through a wrapped node:fs (the interleaving a busy machine can produce).
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

const between = vi.hoisted(() => ({
  /** Renames held back (the compaction's rotation), done right after the next open of the file `after` names. */
  held: [] as Array<[string, string]>,
  hold: false,
  after: "session_log.1.jsonl",
}))

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>()
  const renameSync: typeof fs.renameSync = (from, to) => {
    if (between.hold && String(from).endsWith("session_log.jsonl")) between.held.push([String(from), String(to)])
    else fs.renameSync(from, to)
  }
  const openSync = ((path: import("node:fs").PathLike, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...args: unknown[]) => number)(path, ...rest)
    // A reader's open (a hook opens the log to append).
    const reading = typeof rest[0] === "number" && (rest[0] & 3) === fs.constants.O_RDONLY
    if (reading && String(path).endsWith(`/${between.after}`)) for (const [from, to] of between.held.splice(0)) fs.renameSync(from, to)
    return fd
  }) as typeof fs.openSync
  return { ...fs, default: { ...fs, renameSync, openSync }, renameSync, openSync }
})

const { compactSessions, foldSessions } = await import("../../src/os/session-fold.ts")
const { recordHookEvent } = await import("../../src/os/sessions.ts")
const { makeTempHome } = await import("../helpers/temp-home.ts")

let root: string
let cleanup: () => void
beforeEach(() => {
  const temp = makeTempHome("tsk-session-race-")
  root = join(temp.home, "os")
  cleanup = temp.cleanup
  between.held = []
  between.hold = false
  between.after = "session_log.1.jsonl"
})
afterEach(() => cleanup())

const record = (session: string, seconds: number) => recordHookEvent(root, { hook_event_name: "UserPromptSubmit", session_id: session }, new Date(Date.parse("2026-05-01T10:00:00.000Z") + seconds * 1000), 4242)

describe("a fold during a rotation of the session log", () => {
  for (const after of ["session_log.1.jsonl", "session_log.jsonl"]) {
    it(`folds a line appended between a compaction's snapshot and its rename, when the rename lands right after the fold opens ${after}`, () => {
      between.after = after
      record("a", 0)
      expect(compactSessions(root, 10)).toBe(true)
      record("b", 1)
      // The compaction's snapshot is written; its rename of the log is held back.
      between.hold = true
      expect(compactSessions(root, 10)).toBe(true)
      between.hold = false
      expect(between.held).toHaveLength(1)
      // A hook appends to the log after the snapshot, before the rename.
      record("late", 2)
      const racing = foldSessions(root).file
      expect(between.held).toHaveLength(0)
      expect(Object.keys(racing.sessions).sort()).toEqual(["a", "b", "late"])
      // Each line folded once: the same fold as one that ran after the rename.
      expect(racing).toEqual(foldSessions(root).file)
    })
  }
})
