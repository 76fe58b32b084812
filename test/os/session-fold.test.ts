// The session rows folded from session_log.jsonl: a snapshot with log positions in sessions.json,
// compaction and rotation under the sessions lock, torn lines, and files written before the fold.
import { appendFileSync, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { compactSessions, foldSessions, readAgentSessions, COMPACT_BYTES } from "../../src/os/session-fold.ts"
import { recordHookEvent, type HookEvent } from "../../src/os/sessions.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

let home: string
let root: string
let cleanup: () => void
beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-session-fold-"))
  root = join(home, "os")
})
afterEach(() => cleanup())

const T0 = Date.parse("2026-05-01T10:00:00.000Z")
const at = (seconds: number) => new Date(T0 + seconds * 1000)
const record = (session: string, name: string, seconds: number, extra: Partial<HookEvent> = {}) =>
  recordHookEvent(root, { hook_event_name: name, session_id: session, ...extra }, at(seconds), 4242)
const rows = () => foldSessions(root).file.sessions
const snapshot = () => JSON.parse(readFileSync(join(root, "sessions.json"), "utf8"))

describe("session rows folded from the session log", () => {
  it("works the status out from the events in order, without a sessions.json", () => {
    record("a", "UserPromptSubmit", 0, { prompt: "Add a CSV export", cwd: "/w" })
    record("a", "Notification", 1, { notification_type: "permission_prompt", message: "Claude needs your permission to use Bash" })
    record("a", "Stop", 2)
    expect(existsSync(join(root, "sessions.json"))).toBe(false)
    expect(rows().a).toMatchObject({ status: "needs_input", prompt: "Add a CSV export", cwd: "/w", started: at(0).toISOString(), updated: at(2).toISOString(), pid: 4242 })
  })

  it("writes a snapshot with the log's position, and folds only what came after it", () => {
    record("a", "SessionStart", 0, { source: "startup" })
    expect(compactSessions(root)).toBe(true)
    const first = snapshot()
    expect(first.sessions.a).toMatchObject({ status: "idle" })
    expect(first.log).toEqual({ ino: expect.any(Number), offset: readFileSync(join(root, "session_log.jsonl")).length })
    record("a", "UserPromptSubmit", 1)
    const folded = foldSessions(root)
    expect(folded.file.sessions.a).toMatchObject({ status: "working" })
    expect(folded.tailBytes).toBe(readFileSync(join(root, "session_log.jsonl")).length - first.log.offset)
  })

  it("compacts when a reader finds more than COMPACT_BYTES past the snapshot", () => {
    record("a", "SessionStart", 0)
    compactSessions(root)
    const offset = snapshot().log.offset
    const line = (i: number) => JSON.stringify({ at: at(i).toISOString(), session: "a", event: i % 2 ? "PreToolUse" : "PostToolUse", tool: "Bash" }) + "\n"
    const lines = Array.from({ length: Math.ceil(COMPACT_BYTES / line(1).length) + 1 }, (_, i) => line(i + 1))
    appendFileSync(join(root, "session_log.jsonl"), lines.join(""))
    expect(foldSessions(root).tailBytes).toBeGreaterThan(COMPACT_BYTES)
    expect(snapshot().log.offset).toBe(offset)
    readAgentSessions(root)
    expect(snapshot().log.offset).toBe(readFileSync(join(root, "session_log.jsonl")).length)
  })

  it("rotates a large log aside and still folds a line a late hook appended to the old one", () => {
    record("a", "SessionStart", 0)
    record("b", "SessionStart", 1)
    expect(compactSessions(root, 10)).toBe(true)
    expect(existsSync(join(root, "session_log.jsonl"))).toBe(false)
    expect(snapshot().previous).toEqual({ ino: expect.any(Number), offset: readFileSync(join(root, "session_log.1.jsonl")).length })
    // A hook that opened the log before the rotation writes its line into the file moved aside.
    appendFileSync(join(root, "session_log.1.jsonl"), JSON.stringify({ at: at(2).toISOString(), session: "late", event: "UserPromptSubmit" }) + "\n")
    record("c", "UserPromptSubmit", 3)
    expect(Object.keys(rows()).sort()).toEqual(["a", "b", "c", "late"])
    expect(compactSessions(root, 10)).toBe(true)
    record("d", "Stop", 4)
    expect(Object.keys(rows()).sort()).toEqual(["a", "b", "c", "d", "late"])
  })

  it("skips a line a crash left torn, and starts the next append on a line of its own", () => {
    record("a", "SessionStart", 0)
    appendFileSync(join(root, "session_log.jsonl"), '{"at":"2026-05-01T10:00:01.000Z","session":"torn","ev')
    record("b", "UserPromptSubmit", 2)
    expect(Object.keys(rows()).sort()).toEqual(["a", "b"])
    expect(readFileSync(join(root, "session_log.jsonl"), "utf8").split("\n").filter((line) => line.length > 0)).toHaveLength(3)
  })

  it("folds new lines into a sessions.json written before the fold, and then writes it in the new form", () => {
    const old = { id: "old", status: "working", event: "PreToolUse", cwd: null, transcript: null, tool: "Bash", message: null, prompt: null, started: at(0).toISOString(), updated: at(5).toISOString() }
    record("old", "PreToolUse", 5, { tool_name: "Bash" })
    writeFileSync(join(root, "sessions.json"), JSON.stringify({ v: 3, sessions: { old } }))
    record("old", "Stop", 6)
    record("new", "SessionStart", 7)
    expect(rows()).toMatchObject({ old: { status: "idle", started: at(0).toISOString() }, new: { status: "idle" } })
    readAgentSessions(root)
    expect(snapshot().log).toEqual({ ino: expect.any(Number), offset: readFileSync(join(root, "session_log.jsonl")).length })
    expect(rows()).toMatchObject({ old: { status: "idle" }, new: { status: "idle" } })
  })

  it("folds a log truncated under its snapshot from its start, also once it has grown past the old offset", () => {
    const log = join(root, "session_log.jsonl")
    for (let i = 0; i < 20; i++) record(`s${i}`, "SessionStart", i)
    expect(compactSessions(root)).toBe(true)
    const { ino, offset } = snapshot().log
    // Emptied in place (same inode): the snapshot's offset now lies past the log's end.
    truncateSync(log, 0)
    expect(statSync(log).ino).toBe(ino)
    record("after", "UserPromptSubmit", 30)
    expect(rows().after).toMatchObject({ status: "working" })
    readAgentSessions(root)
    // The log grows past the old offset with whole lines, one of which ends right where the old
    // snapshot's offset points (the worst case: a fold from that offset would find a line start).
    const size = statSync(log).size
    const filler = (n: number) => JSON.stringify({ at: at(40).toISOString(), session: "filler", event: "PreToolUse", tool: "x".repeat(n) }) + "\n"
    const base = filler(0).length
    let rest = offset - size
    while (rest > 0) {
      const n = rest - (base + 100) >= base || rest === base + 100 ? 100 : rest - base
      appendFileSync(log, filler(n))
      rest -= base + n
    }
    expect(readFileSync(log)[offset - 1]).toBe(0x0a)
    record("later", "Stop", 50)
    expect(Object.keys(rows())).toEqual(expect.arrayContaining(["after", "filler", "later", "s0", "s19"]))
    expect(rows().after).toMatchObject({ status: "working" })
  })

  it("folds a log truncated and grown past its snapshot's offset before any reader saw it", () => {
    const log = join(root, "session_log.jsonl")
    for (let i = 0; i < 20; i++) record(`s${i}`, "SessionStart", i)
    expect(compactSessions(root)).toBe(true)
    const { offset } = snapshot().log
    truncateSync(log, 0)
    // Lines of a length that puts no line's end where the old offset points.
    const line = (i: number) => JSON.stringify({ at: at(30 + i).toISOString(), session: `new${String(i).padStart(4, "0")}`, event: "UserPromptSubmit" }) + "\n"
    const pad = offset % line(0).length === 0 ? { at: at(29).toISOString(), session: "pad", event: "Stop" } : null
    if (pad) appendFileSync(log, JSON.stringify(pad) + "\n")
    let i = 0
    while (statSync(log).size < offset + 200) appendFileSync(log, line(i++))
    expect(readFileSync(log)[offset - 1]).not.toBe(0x0a)
    expect(rows().new0000).toMatchObject({ status: "working" })
    expect(rows()[`new${String(i - 1).padStart(4, "0")}`]).toMatchObject({ status: "working" })
  })

  it("takes no older state from a previous log rewritten in place (a sync tool's copy)", () => {
    const previous = join(root, "session_log.1.jsonl")
    record("a", "SessionStart", 0)
    record("a", "PreToolUse", 1, { tool_name: "Bash" })
    expect(compactSessions(root, 10)).toBe(true)
    record("a", "Stop", 2)
    expect(compactSessions(root)).toBe(true)
    expect(rows().a).toMatchObject({ status: "idle", event: "Stop" })
    // The same inode, its lines moved by one written before them.
    const text = readFileSync(previous, "utf8")
    writeFileSync(previous, JSON.stringify({ at: at(0).toISOString(), session: "a", event: "Notification", type: "auth_success" }) + "\n" + text)
    expect(rows().a).toMatchObject({ status: "idle", event: "Stop", updated: at(2).toISOString() })
    readAgentSessions(root)
    expect(rows().a).toMatchObject({ status: "idle", event: "Stop" })
  })
})
