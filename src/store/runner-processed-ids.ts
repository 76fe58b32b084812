// The bridge's memory of processed command ids, so a repeated id is answered with its first
// response and never executed twice. Bounded (the newest 5,000 ids are always kept) and durable.
// Each processed unit of inbox files adds one small immutable segment (agent-processed.d/NNNNNNNNNN.json)
// instead of rewriting a large file per command; every 32 segments are folded into the base file
// (agent-processed.json). A fold that is cut short leaves entries in both places, which is harmless.
// The memory also records which claimed inbox files are answered, with the answers to deliver:
// a runner that dies before delivering them finds them here, and delivers them once.
import { readdir, rename, rm } from "node:fs/promises"
import { join } from "node:path"
import * as z from "zod"
import { readJsonFile, writeJsonDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { JournalResponse } from "./runner-journal.ts"

export const PROCESSED_IDS_KEPT = 5000
const CLAIMS_KEPT = 2000
const SEGMENTS_BEFORE_FOLD = 32
/** A response bigger than this is remembered without its data (status and error stay). */
export const REMEMBERED_RESPONSE_BYTES = 8 * 1024

const ProcessedEntry = z.object({ id: z.string(), claim: z.string(), response: JournalResponse })
export type ProcessedEntry = z.infer<typeof ProcessedEntry>
export type RememberedResponse = ProcessedEntry["response"]

const ProcessedFile = z.object({
  version: z.literal(1),
  entries: z.array(ProcessedEntry),
  /** Claimed inbox files that are answered. */
  claims: z.array(z.string()),
  /** A segment's answers for the outbox, in order (folding drops them: they are delivered by then). */
  answers: z.array(JournalResponse).optional(),
})
type ProcessedFile = z.infer<typeof ProcessedFile>

export interface ProcessedMemory {
  get(id: string): ProcessedEntry | undefined
  answered(claim: string): boolean
  /** The answers recorded with `claim` (and the other files of its unit), until a fold drops them. */
  answersOf(claim: string): RememberedResponse[] | undefined
  readonly size: number
  /** Durably remember `entries`, and that `claims` are answered with `answers`. */
  record(claims: string[], entries: ProcessedEntry[], answers: RememberedResponse[]): Promise<void>
  /** Fold the segments into the base file once there are enough of them. */
  compact(): Promise<void>
  /** Files that failed to load and were moved aside (named relative to the home). */
  readonly warnings: string[]
}

const basePath = (home: string) => join(home, "agent-processed.json")
const segmentsDir = (home: string) => join(home, "agent-processed.d")

function compactResponse(response: RememberedResponse): RememberedResponse {
  if (response.data === undefined || Buffer.byteLength(JSON.stringify(response.data)) <= REMEMBERED_RESPONSE_BYTES) return response
  return { ...response, data: { omitted: true, reason: "the first response was too large to keep; its data was delivered once in the outbox" } }
}

async function loadFile(path: string, label: string, warnings: string[]): Promise<ProcessedFile | null> {
  try {
    const loaded = await readJsonFile(path, ProcessedFile, label)
    return loaded.status === "ok" ? loaded.value : null
  } catch {
    const aside = `${path}.corrupt-${Date.now()}`
    await rename(path, aside).catch(() => {})
    warnings.push(`${label} could not be read and was moved aside`)
    return null
  }
}

async function listSegments(home: string): Promise<string[]> {
  try {
    return (await readdir(segmentsDir(home))).filter((name) => /^\d{10}\.json$/.test(name)).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
    throw error
  }
}

export async function loadProcessedMemory(home: string, keep = PROCESSED_IDS_KEPT): Promise<ProcessedMemory> {
  const warnings: string[] = []
  const byId = new Map<string, ProcessedEntry>()
  const claims = new Set<string>()
  const answers = new Map<string, RememberedResponse[]>()
  const absorb = (file: ProcessedFile | null) => {
    if (!file) return
    for (const entry of file.entries) if (!byId.has(entry.id)) byId.set(entry.id, entry)
    for (const claim of file.claims) claims.add(claim)
    if (file.answers) for (const claim of file.claims) answers.set(claim, file.answers)
  }
  absorb(await loadFile(basePath(home), "agent-processed.json", warnings))
  let segments = await listSegments(home)
  for (const name of segments) absorb(await loadFile(join(segmentsDir(home), name), `agent-processed.d/${name}`, warnings))
  let nextSegment = segments.length > 0 ? Number(segments.at(-1)!.slice(0, 10)) + 1 : 1

  async function fold(): Promise<void> {
    await withFileLock(basePath(home), async () => {
      const entries = [...byId.values()].slice(-keep)
      const keptClaims = [...claims].slice(-CLAIMS_KEPT)
      await writeJsonDurable(basePath(home), { version: 1, entries, claims: keptClaims } satisfies ProcessedFile, false)
      for (const name of segments) await rm(join(segmentsDir(home), name), { force: true })
      segments = []
      byId.clear()
      for (const entry of entries) byId.set(entry.id, entry)
      claims.clear()
      for (const claim of keptClaims) claims.add(claim)
      answers.clear()
    })
  }

  return {
    get: (id) => byId.get(id),
    answered: (claim) => claims.has(claim),
    answersOf: (claim) => answers.get(claim),
    get size() {
      return byId.size
    },
    warnings,
    async record(unitClaims, entries, unitAnswers) {
      const compact = entries.map((entry) => ({ ...entry, response: compactResponse(entry.response) }))
      const name = `${String(nextSegment++).padStart(10, "0")}.json`
      const file: ProcessedFile = { version: 1, entries: compact, claims: unitClaims, answers: unitAnswers }
      await writeJsonDurable(join(segmentsDir(home), name), file, false)
      segments.push(name)
      for (const entry of compact) if (!byId.has(entry.id)) byId.set(entry.id, entry)
      for (const claim of unitClaims) {
        claims.add(claim)
        answers.set(claim, unitAnswers)
      }
    },
    async compact() {
      if (segments.length >= SEGMENTS_BEFORE_FOLD) await fold()
    },
  }
}
