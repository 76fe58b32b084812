// The session log while compactions rotate it, at the moments a busy machine can produce, made
// to happen through a wrapped node:fs: a reader that took a compaction's snapshot opens the two
// logs around the rename (it must still fold the lines hooks appended past the snapshot's offset);
// a hook held up between its open and its write while two rotations move its file away; a hook
// that writes into the previous log between a compaction's fold and the rename that replaces it.
import { appendFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

const between = vi.hoisted(() => ({
  /** Renames held back (the compaction's rotation), done right after the next open of the file `after` names. */
  held: [] as Array<[string, string]>,
  hold: false,
  after: "session_log.1.jsonl",
  /** Run once by the next hook that writes to the session log, between its open and its write. */
  stall: null as (() => void) | null,
  /** Run once right before a compaction renames the log aside. */
  beforeRename: null as (() => void) | null,
  appending: new Set<number>(),
}))

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>()
  const renameSync: typeof fs.renameSync = (from, to) => {
    const before = between.beforeRename
    if (before && String(from).endsWith("/session_log.jsonl")) {
      between.beforeRename = null
      before()
    }
    if (between.hold && String(from).endsWith("session_log.jsonl")) between.held.push([String(from), String(to)])
    else fs.renameSync(from, to)
  }
  const openSync = ((path: import("node:fs").PathLike, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...args: unknown[]) => number)(path, ...rest)
    if (typeof rest[0] === "number" && rest[0] & fs.constants.O_APPEND && String(path).endsWith("/session_log.jsonl")) between.appending.add(fd)
    // A reader's open (a hook opens the log to append).
    const reading = typeof rest[0] === "number" && (rest[0] & 3) === fs.constants.O_RDONLY
    if (reading && String(path).endsWith(`/${between.after}`)) for (const [from, to] of between.held.splice(0)) fs.renameSync(from, to)
    return fd
  }) as typeof fs.openSync
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    const stall = between.stall
    if (stall && between.appending.has(fd)) {
      between.stall = null
      stall()
    }
    return (fs.writeSync as (...args: unknown[]) => number)(fd, ...rest)
  }) as typeof fs.writeSync
  const closeSync: typeof fs.closeSync = (fd) => {
    between.appending.delete(fd)
    fs.closeSync(fd)
  }
  const mocked = { renameSync, openSync, writeSync, closeSync }
  return { ...fs, default: { ...fs, ...mocked }, ...mocked }
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
  between.stall = null
  between.beforeRename = null
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

  it("keeps the line of a hook held up between its open and its write while two rotations moved its file away", () => {
    record("a", 0)
    between.stall = () => {
      // The log the hook opened is moved aside, a newer one is moved over it: no name leads to it.
      expect(compactSessions(root, 10)).toBe(true)
      record("b", 2)
      expect(compactSessions(root, 10)).toBe(true)
    }
    record("held", 1)
    expect(between.stall).toBeNull()
    expect(Object.keys(foldSessions(root).file.sessions).sort()).toEqual(["a", "b", "held"])
  })

  it("keeps a line written into the previous log after a compaction folded it and before the rotation moved a newer log over it", () => {
    const previous = join(root, "session_log.1.jsonl")
    record("a", 0)
    expect(compactSessions(root, 10)).toBe(true)
    record("b", 1)
    between.beforeRename = () => {
      // A hook that opened the log before the first rotation writes now (its file still has a
      // name when it looks, so it does not write its line again).
      appendFileSync(previous, JSON.stringify({ at: "2026-05-01T10:00:02.000Z", session: "late", event: "UserPromptSubmit" }) + "\n")
    }
    expect(compactSessions(root, 10)).toBe(true)
    expect(between.beforeRename).toBeNull()
    expect(Object.keys(foldSessions(root).file.sessions).sort()).toEqual(["a", "b", "late"])
  })
})
