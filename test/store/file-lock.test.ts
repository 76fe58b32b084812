import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { LockLostError, tryLock, withFileLock } from "../../src/store/file-lock.ts"
import { writeJsonDurable } from "../../src/store/durable-file.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-lock-")))
afterEach(() => cleanup())

describe("the file lock", () => {
  it("lets one holder in at a time and names the holder in the lock file", async () => {
    const file = join(home, "data.json")
    await withFileLock(file, async (lock) => {
      expect(tryLock(file)).toBeNull()
      expect(JSON.parse(readFileSync(`${file}.lock`, "utf8"))).toMatchObject({ pid: process.pid, token: lock.token })
    })
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it("gives up any write made inside a lock that was taken over, whoever makes it, and leaves the file as the new holder wrote it", async () => {
    const file = join(home, "data.json")
    writeFileSync(file, '{"by":"before"}')
    const error = await withFileLock(file, async () => {
      // Another process took the lock over (this one was paused past the stale time) and wrote.
      writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: "elsewhere", start: "", token: "theirs" }))
      writeFileSync(file, '{"by":"them"}')
      return writeJsonDurable(file, { by: "stale copy" }).catch((e: unknown) => e)
    })
    expect(error).toBeInstanceOf(LockLostError)
    expect(readFileSync(file, "utf8")).toBe('{"by":"them"}')
    // The other holder's lock is left alone.
    expect(JSON.parse(readFileSync(`${file}.lock`, "utf8")).token).toBe("theirs")
  })

  it("does not hold back a write made after the lock was let go by a timer started inside it", async () => {
    const file = join(home, "data.json")
    let later: Promise<void> | null = null
    await withFileLock(file, async () => {
      later = new Promise((done) => setTimeout(() => done(writeJsonDurable(file, { by: "timer" })), 20))
    })
    expect(existsSync(`${file}.lock`)).toBe(false)
    await later
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ by: "timer" })
  })

  it("takes over a lock whose holder went silent past the stale time", () => {
    const file = join(home, "data.json")
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: "another-host", start: "", token: "old" }))
    const past = new Date(Date.now() - 60_000)
    utimesSync(`${file}.lock`, past, past)
    expect(tryLock(file)).not.toBeNull()
  })
})
