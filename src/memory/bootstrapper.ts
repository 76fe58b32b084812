// How a working context comes back: from the cache when it is valid and matches memory (then only
// what was appended since is read), otherwise rebuilt from memory: episodic summaries, semantic
// facts, the system prompt and the raw tail since the last compaction. It says which, and why.
import { fileSize } from "./jsonl-file.ts"
import { buildMemoryPrefix } from "./memory-prefix.ts"
import type { AgentPaths } from "./memory-paths.ts"
import { lastEpoch, readEpisodes, type EpisodesFile } from "./episodes.ts"
import { foldFacts, readFactRecords, readMessageRecords } from "./record-parse.ts"
import { deserialize } from "./serializer.ts"
import { readSnapshotText, snapshotExists } from "./snapshot-store.ts"
import type { Snapshot } from "./snapshot-schema.ts"
import { WorkingContext } from "./working-context.ts"

export interface Bootstrapped {
  context: WorkingContext
  source: "cache" | "rebuild"
  /** Why the cache was not used (null when it was). */
  reason: string | null
  /** The cache file exists but could not be trusted at all (it is set aside before a new write). */
  invalidCache: boolean
  /** Whether anything was read beyond the cache (the context differs from the file). */
  changed: boolean
  /** Raw-log lines skipped as unreadable (a torn line after a crash). */
  skippedLines: number
}

async function prefixFromMemory(paths: AgentPaths, agentId: string, episodes: EpisodesFile) {
  const facts = readFactRecords(paths.facts)
  return { prefix: buildMemoryPrefix(agentId, foldFacts(facts.records), episodes.epochs), factsOffset: facts.end }
}

/** Take in what the raw log holds from the context's offset on. */
export function catchUpMessages(paths: AgentPaths, context: WorkingContext): { read: number; skipped: number } {
  const { records, skipped, end } = readMessageRecords(paths.messages, context.position.logOffset)
  for (const record of records) context.appendMessage(record.message)
  context.position = { ...context.position, logOffset: end }
  return { read: records.length, skipped }
}

export async function rebuildContext(paths: AgentPaths, agentId: string, episodes?: EpisodesFile): Promise<{ context: WorkingContext; skipped: number }> {
  const file = episodes ?? (await readEpisodes(paths.episodes))
  const epoch = lastEpoch(file)
  const { prefix, factsOffset } = await prefixFromMemory(paths, agentId, file)
  const context = new WorkingContext(agentId)
  context.reset(prefix, { epochId: epoch?.epoch_id ?? 0, lastCompactionTs: epoch?.ts ?? null, logOffset: epoch?.to_offset ?? 0, factsOffset })
  const { skipped } = catchUpMessages(paths, context)
  return { context, skipped }
}

/** Why a valid cache no longer matches memory, or null when it still does. */
function staleness(snapshot: Snapshot, episodes: EpisodesFile, paths: AgentPaths): string | null {
  const epochId = lastEpoch(episodes)?.epoch_id ?? 0
  if (snapshot.epoch_id !== epochId) return `the cache is from epoch ${snapshot.epoch_id}, memory is at epoch ${epochId}`
  if (fileSize(paths.messages) < snapshot.log_offset) return "the cache covers more of the raw log than the log holds"
  if (fileSize(paths.facts) < snapshot.facts_offset) return "the cache covers more facts than the facts file holds"
  return null
}

export async function bootstrap(paths: AgentPaths, agentId: string, options: { ignoreCache?: boolean } = {}): Promise<Bootstrapped> {
  const episodes = await readEpisodes(paths.episodes)
  let reason: string
  let invalidCache = false
  const text = options.ignoreCache || !snapshotExists(paths.snapshot) ? null : await readSnapshotText(paths.snapshot)
  if (options.ignoreCache) reason = "a rebuild was asked for"
  else if (text === null) reason = "there is no cache yet"
  else {
    const parsed = deserialize(text, agentId)
    if (!parsed.ok) {
      reason = parsed.reason
      invalidCache = true
    } else {
      const stale = staleness(parsed.snapshot, episodes, paths)
      if (stale === null) {
        const context = WorkingContext.fromSnapshot(parsed.snapshot)
        let changed = false
        if (fileSize(paths.facts) > parsed.snapshot.facts_offset) {
          const { prefix, factsOffset } = await prefixFromMemory(paths, agentId, episodes)
          context.replacePrefix(prefix)
          context.position = { ...context.position, factsOffset }
          changed = true
        }
        const { read, skipped } = catchUpMessages(paths, context)
        return { context, source: "cache", reason: null, invalidCache: false, changed: changed || read > 0 || context.position.logOffset !== parsed.snapshot.log_offset, skippedLines: skipped }
      }
      reason = stale
    }
  }
  const { context, skipped } = await rebuildContext(paths, agentId, episodes)
  return { context, source: "rebuild", reason, invalidCache, changed: true, skippedLines: skipped }
}
