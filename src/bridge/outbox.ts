// agent-outbox.json: the responses, a JSON array as agents expect, newest last, the last 100 kept.
// Appends are locked read-modify-writes with a durable atomic write. An outbox that does not parse
// is moved aside (agent-outbox.json.corrupt-<time>), never written over. A process that appends
// again and finds the very text it wrote last skips parsing and validating it.
import { readFile, rename } from "node:fs/promises"
import * as z from "zod"
import { writeFileDurable, writeJsonDurable } from "../store/durable-file.ts"
import { withFileLock, withFileLockRetrying } from "../store/file-lock.ts"
import { enqueue } from "../store/serial-queue.ts"
import { TskError } from "../domain/errors.ts"
import { AgentResponse } from "./protocol.ts"
import { bridgePaths } from "./inbox-claim.ts"

export const OUTBOX_KEPT = 100
/** The outbox never grows past this, whatever the answers (pages are cut to 256 KB before). */
export const OUTBOX_MAX_BYTES = 2 * 1024 * 1024
/** One answer larger than this keeps its status but not its data (the change itself stands). */
export const MAX_ANSWER_BYTES = 512 * 1024

const sizes = new WeakMap<AgentResponse, number>()

/** Bytes the response takes in the outbox as written (pretty, inside the array). */
function sizeOf(response: AgentResponse): number {
  let size = sizes.get(response)
  if (size === undefined) {
    size = Buffer.byteLength(JSON.stringify([response], null, 2)) - 2
    sizes.set(response, size)
  }
  return size
}

/** What this process last wrote to each outbox: the text and its responses (never mutated). */
const lastWritten = new Map<string, { text: string; responses: readonly AgentResponse[] }>()

/** An answer too large for the outbox says so instead of carrying its data. */
function bounded(response: AgentResponse): AgentResponse {
  const size = sizeOf(response)
  if (size <= MAX_ANSWER_BYTES) return response
  const { data: _dropped, ...rest } = response
  return { ...rest, data: { omitted: `the answer (${size} bytes) is larger than the outbox keeps (${MAX_ANSWER_BYTES}); ask for a smaller page (limit, offset) or use tsk export` } }
}

/** The newest responses that fit in OUTBOX_KEPT entries and OUTBOX_MAX_BYTES. */
export function keepNewest(responses: readonly AgentResponse[]): AgentResponse[] {
  const kept: AgentResponse[] = []
  let bytes = 2
  for (let i = responses.length - 1; i >= 0 && kept.length < OUTBOX_KEPT; i--) {
    const size = sizeOf(responses[i]!)
    if (bytes + size > OUTBOX_MAX_BYTES) break
    bytes += size
    kept.push(responses[i]!)
  }
  return kept.reverse()
}

const Outbox = z.array(AgentResponse)

async function readOutboxFile(path: string, known?: { text: string; responses: readonly AgentResponse[] }): Promise<readonly AgentResponse[] | "corrupt"> {
  let text: string
  try {
    text = await readFile(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
    throw new TskError("io", `cannot read agent-outbox.json: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  if (known && text === known.text) return known.responses
  if (text.trim().length === 0) return []
  try {
    const parsed = Outbox.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : "corrupt"
  } catch {
    return "corrupt"
  }
}

export async function readOutbox(home: string): Promise<AgentResponse[]> {
  const current = await readOutboxFile(bridgePaths(home).outbox)
  if (current === "corrupt") throw new TskError("corrupt", "agent-outbox.json is not a JSON array of responses", { file: "agent-outbox.json" })
  return [...current]
}

/**
 * Did the last append already write `block`? Answers are fixed (with their timestamps) before they
 * are appended, and a restarted runner delivers the interrupted file's answers before any other,
 * so they were written exactly when the outbox ends with them.
 */
function endsWithBlock(outbox: readonly AgentResponse[], block: readonly AgentResponse[]): boolean {
  // The size limit may have kept only the block's last answers: compare what can be there.
  const k = Math.min(block.length, OUTBOX_KEPT, outbox.length)
  if (k === 0 || outbox.length < k) return false
  const tail = outbox.slice(-k)
  const mine = block.slice(-k)
  return tail.every((r, i) => r.commandId === mine[i]!.commandId && r.timestamp === mine[i]!.timestamp && r.status === mine[i]!.status)
}

/** Append the answers of one claimed inbox file, unless the outbox already ends with them. */
export function appendToOutbox(home: string, block: readonly AgentResponse[]): Promise<void> {
  const path = bridgePaths(home).outbox
  if (block.length === 0) return Promise.resolve()
  // Retried from the re-read when the lock was lost (the append is idempotent: see endsWithBlock).
  return enqueue(path, () =>
    withFileLockRetrying(path, async () => {
      let current = await readOutboxFile(path, lastWritten.get(path))
      if (current === "corrupt") {
        await rename(path, `${path}.corrupt-${Date.now()}`)
        current = []
      }
      const answers = block.map(bounded)
      if (endsWithBlock(current, answers)) return
      const next = keepNewest([...current, ...answers])
      const text = JSON.stringify(next, null, 2) + "\n"
      lastWritten.delete(path)
      await writeFileDurable(path, text)
      lastWritten.set(path, { text, responses: next })
    }),
  )
}

export function clearOutbox(home: string): Promise<number> {
  const path = bridgePaths(home).outbox
  return enqueue(path, () =>
    withFileLock(path, async () => {
      const current = await readOutboxFile(path)
      if (current === "corrupt") await rename(path, `${path}.corrupt-${Date.now()}`)
      await writeJsonDurable(path, [])
      return current === "corrupt" ? 0 : current.length
    }),
  )
}
