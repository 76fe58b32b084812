// Claiming the inbox. Agents write agent-inbox.json (an array or one command) or drop one file per
// command into agent-inbox.d/ (written elsewhere, then renamed in). The runner renames what it
// finds into agent-inbox.claimed/ before reading it, so a command written meanwhile lands in a new
// inbox file and waits for the next pass instead of being cleared away.
//
// Order: each pass claims agent-inbox.json first, then the agent-inbox.d/ files sorted by name
// (agents name them `<timestamp>-…` to keep their order); a claimed name starts with the claim
// time and a sequence number, so claimed files sort in the order they are processed, across
// restarts too. A claimed file is deleted only after all its responses are durable.
//
// The per-file steps (rename, read, delete) are synchronous: each takes microseconds, and a queue
// of a thousand files spent most of its time going through the thread pool and back one by one.
//
// Whatever is in the inbox is claimed, odd entries too, so that each one is answered once and set
// aside: a FIFO, a device, a socket, a folder or a symbolic link (which may lead outside the home
// or to a FIFO) is never opened for reading, and a file whose name is not UTF-8 (which no string
// path can name again) is claimed by its bytes. Reading a claim then answers it as unreadable and
// moves it to agent-inbox.rejected/ with the reason (see docs/files-and-safety.md).
import { lstatSync, readdirSync, renameSync, unlinkSync } from "node:fs"
import { rename } from "node:fs/promises"
import { join } from "node:path"
import { ensureDir, fsyncDirSync } from "../store/durable-file.ts"
import { writeTempFileSync } from "../store/atomic-file.ts"
import { decodeUtf8, readRegularFileSync } from "../store/regular-file.ts"
import { MAX_INBOX_FILE_BYTES } from "./protocol.ts"

export function bridgePaths(home: string) {
  return {
    inbox: join(home, "agent-inbox.json"),
    inboxDir: join(home, "agent-inbox.d"),
    claimedDir: join(home, "agent-inbox.claimed"),
    rejectedDir: join(home, "agent-inbox.rejected"),
    outbox: join(home, "agent-outbox.json"),
  }
}

const CLAIM_NAME = /^(\d{14})-(\d{6})-(.+)$/
let lastClaimMs = 0
let sequence = 0
/** Claimed files (home/name) this process claimed and has not finished. */
const claimedByMe = new Set<string>()

/** Did this process claim `name`? A claimed file it did not claim was left by a runner that died. */
export function claimedHere(home: string, name: string): boolean {
  return claimedByMe.has(join(home, name))
}

/** Names agents may use while writing into agent-inbox.d/ are skipped until renamed. */
export function isInboxEntryName(name: string): boolean {
  return !name.startsWith(".") && !name.endsWith(".tmp") && !name.endsWith("~")
}

function nextClaimName(origin: string): string {
  const now = Math.max(Date.now(), lastClaimMs)
  if (now !== lastClaimMs) sequence = 0
  lastClaimMs = now
  sequence++
  const safeOrigin = origin.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120)
  return `${String(now).padStart(14, "0")}-${String(sequence).padStart(6, "0")}-${safeOrigin}`
}

/** When a file was claimed (the time a rejected file's answer carries). */
export function claimTimeOf(name: string): string {
  const match = CLAIM_NAME.exec(name)
  return new Date(match ? Number(match[1]) : Date.now()).toISOString()
}

/** The name the agent gave the file (`agent-inbox.json` or its agent-inbox.d/ name). */
export function claimOriginOf(name: string): string {
  const origin = CLAIM_NAME.exec(name)?.[3] ?? name
  if (origin.startsWith("x-")) return `agent-inbox.d/${origin.slice(2)} (a name that is not UTF-8, shown with _ for its odd bytes)`
  return origin.startsWith("d-") ? `agent-inbox.d/${origin.slice(2)}` : "agent-inbox.json"
}

/** A claim of a file whose name was not UTF-8: it is answered and set aside, never read. */
const isOddNameClaim = (name: string) => CLAIM_NAME.exec(name)?.[3]?.startsWith("x-") === true

function moveIfPresent(from: string | Buffer, to: string): boolean {
  try {
    renameSync(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false
    throw error
  }
}

export async function listClaims(home: string): Promise<string[]> {
  try {
    return readdirSync(bridgePaths(home).claimedDir).filter((name) => CLAIM_NAME.test(name)).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
    throw error
  }
}

/** Move everything waiting in the inbox into agent-inbox.claimed/, durably. Returns how many. */
export async function claimInbox(home: string): Promise<number> {
  const paths = bridgePaths(home)
  await ensureDir(paths.claimedDir)
  // Claimed names must sort after the ones left by a runner that died, whatever the clock did.
  const leftover = CLAIM_NAME.exec((await listClaims(home)).at(-1) ?? "")
  if (leftover && Number(leftover[1]) >= lastClaimMs) {
    sequence = Number(leftover[1]) === lastClaimMs ? Math.max(sequence, Number(leftover[2])) : Number(leftover[2])
    lastClaimMs = Number(leftover[1])
  }
  let claimed = 0
  const touched = new Set<string>()
  // Whatever agent-inbox.json is (a folder, a link, a FIFO), it is claimed and answered, never followed.
  const inboxClaim = nextClaimName("inbox.json")
  if (lstatSync(paths.inbox, { throwIfNoEntry: false }) && moveIfPresent(paths.inbox, join(paths.claimedDir, inboxClaim))) {
    claimedByMe.add(join(home, inboxClaim))
    claimed++
    touched.add(home)
  }
  let names: Array<{ bytes: Buffer; text: string | null }> = []
  // A link in agent-inbox.d/'s place is never read through (the runner reports it at its start).
  const linkedDir = lstatSync(paths.inboxDir, { throwIfNoEntry: false })?.isSymbolicLink() === true
  try {
    // As bytes: a name that is not UTF-8 would come back as a string that names no file.
    const entries = linkedDir ? [] : readdirSync(paths.inboxDir, { encoding: "buffer" })
    names = entries
      .map((bytes) => ({ bytes, text: decodeUtf8(bytes) }))
      .filter((e) => isInboxEntryName(e.text ?? e.bytes.toString("latin1")))
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
  for (const name of names) {
    const claim = nextClaimName(name.text !== null ? `d-${name.text}` : `x-${name.bytes.toString("latin1")}`)
    const from = Buffer.concat([Buffer.from(`${paths.inboxDir}/`), name.bytes])
    if (moveIfPresent(from, join(paths.claimedDir, claim))) {
      claimedByMe.add(join(home, claim))
      claimed++
      touched.add(paths.inboxDir)
    }
  }
  // A claim that a power cut undid would come back under a new name and run again.
  if (claimed > 0) for (const dir of [...touched, paths.claimedDir]) fsyncDirSync(dir)
  return claimed
}

export type ClaimContent = { kind: "items"; items: unknown[] } | { kind: "unreadable"; reason: string; text: string }

/**
 * Read a claimed file. A file that does not parse is read again shortly after, because an agent
 * that wrote agent-inbox.json in place may still be writing into it when it was claimed.
 */
export async function readClaim(home: string, name: string, settleMs = 50): Promise<ClaimContent> {
  const path = join(bridgePaths(home).claimedDir, name)
  if (isOddNameClaim(name)) return { kind: "unreadable", reason: `${claimOriginOf(name)}: a file whose name is not UTF-8 is not read`, text: "" }
  const readText = (): ClaimContent | string => {
    const read = readRegularFileSync(path, MAX_INBOX_FILE_BYTES)
    if (read.kind === "missing") throw Object.assign(new Error(`${path} is gone`), { code: "ENOENT" })
    if (read.kind === "odd") return { kind: "unreadable", reason: `${claimOriginOf(name)} ${read.reason}`, text: "" }
    return decodeUtf8(read.bytes) ?? { kind: "unreadable", reason: `${claimOriginOf(name)} is not valid UTF-8`, text: "" }
  }
  const first = readText()
  if (typeof first !== "string") return first
  let text = first
  for (let attempt = 0; ; attempt++) {
    try {
      const value: unknown = JSON.parse(text)
      return { kind: "items", items: Array.isArray(value) ? value : [value] }
    } catch (error) {
      await new Promise((resolve) => setTimeout(resolve, settleMs))
      const again = readText()
      if (typeof again !== "string") return again
      if (again === text || attempt >= 20) {
        const reason = error instanceof Error ? error.message : String(error)
        return { kind: "unreadable", reason: `${claimOriginOf(name)} is not valid JSON (${reason})`, text }
      }
      text = again
    }
  }
}

/** Move a claimed file that could not be read to agent-inbox.rejected/ (never deleted). */
export async function rejectClaim(home: string, name: string): Promise<string> {
  const paths = bridgePaths(home)
  await ensureDir(paths.rejectedDir)
  moveIfPresent(join(paths.claimedDir, name), join(paths.rejectedDir, name))
  claimedByMe.delete(join(home, name))
  fsyncDirSync(paths.rejectedDir)
  return `agent-inbox.rejected/${name}`
}

export async function finishClaim(home: string, name: string): Promise<void> {
  claimedByMe.delete(join(home, name))
  try {
    unlinkSync(join(bridgePaths(home).claimedDir, name))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
}

/** Put a command file into agent-inbox.d/ the way agents should: write elsewhere, then rename in. */
export async function dropIntoInbox(home: string, fileName: string, content: string): Promise<string> {
  const paths = bridgePaths(home)
  await ensureDir(paths.inboxDir)
  const temp = join(paths.inboxDir, `.${fileName}.tmp`)
  // Whole and fsynced under a name the runner skips (write-file-atomic's own temp adds `.<n>`).
  writeTempFileSync(temp, content)
  const target = join(paths.inboxDir, fileName)
  await rename(temp, target)
  fsyncDirSync(paths.inboxDir)
  return target
}
