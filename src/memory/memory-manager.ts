// The memory manager: the one way memory changes. Messages and facts are appended to the raw files
// (the truth); the agent's working context then takes them in from the files (so it always equals
// a rebuild), and the cache is persisted at safe boundaries only: after a reset (a rebuild or a
// compaction) and at the end of an assistant turn.
import { rm } from "node:fs/promises"
import { existsSync } from "node:fs"
import { invalid, notFound } from "../domain/errors.ts"
import { withFileLock } from "../store/file-lock.ts"
import { bootstrap, rebuildContext, type Bootstrapped } from "./bootstrapper.ts"
import { summarizeEpoch } from "./compaction.ts"
import { lastEpoch, readEpisodes, writeEpisodes, type Episode } from "./episodes.ts"
import { agentPaths, type AgentPaths } from "./memory-paths.ts"
import { Message, type JsonValue } from "./message.ts"
import { toJsonSafe } from "./normalize.ts"
import { shapeMessages } from "./message-shapes.ts"
import { appendFactRecords, appendMessageRecords } from "./record-lines.ts"
import { readMessageRecords } from "./record-parse.ts"
import { deserialize, serialize } from "./serializer.ts"
import { readSnapshotText, setSnapshotAside, writeSnapshotText } from "./snapshot-store.ts"
import type { WorkingContext } from "./working-context.ts"
import { describeZodIssues } from "../domain/zod-issues.ts"

/** Any message-like value, normalised to JSON and checked: what the raw log will hold. */
export function canonicalMessage(input: unknown): Message {
  const parsed = Message.safeParse(toJsonSafe(input))
  if (!parsed.success) throw invalid(`invalid message: ${describeZodIssues(parsed.error, 2)}`)
  return parsed.data
}

/** The end of an assistant turn: an answer without tool calls, or a tool result closing a call. */
export function endsTurn(message: Message): boolean {
  return (message.role === "assistant" && !message.tool_calls) || message.role === "tool"
}

export interface AppendResult {
  agentId: string
  appended: number
  persisted: boolean
}

export interface CompactResult {
  agentId: string
  compacted: boolean
  epoch: Episode | null
}

export interface MemoryManager {
  readonly home: string
  paths(agentId: string): AgentPaths
  exists(agentId: string): boolean
  append(agentId: string, messages: readonly unknown[], options?: { at?: Date; persist?: boolean }): Promise<AppendResult>
  /** What `append` does at a turn's end, for lines appended with `persist: false`: load (persisting the context), close a long epoch. */
  settle(agentId: string, at?: Date): Promise<void>
  remember(agentId: string, key: string, value: unknown, at?: Date): Promise<{ agentId: string; key: string; forgotten: boolean }>
  /** The agent's context as it stands, loaded (cache first) on first use; persisted after a rebuild. */
  load(agentId: string): Promise<Bootstrapped>
  compact(agentId: string, now?: Date): Promise<CompactResult>
  rebuild(agentId: string): Promise<{ context: WorkingContext; text: string; previous: string | null }>
  forget(agentId: string): Promise<boolean>
}

/** Raw-log bytes after the last epoch that make the end of a turn compact on its own. */
export const AUTO_COMPACT_BYTES = 4 * 1024 * 1024

export interface MemoryManagerOptions {
  autoCompactBytes?: number
}

export function createMemoryManager(home: string, options: MemoryManagerOptions = {}): MemoryManager {
  const autoCompactBytes = options.autoCompactBytes ?? AUTO_COMPACT_BYTES

  async function persist(paths: AgentPaths, context: WorkingContext, invalidCache = false): Promise<string> {
    const text = serialize(context.toSnapshot())
    if (invalidCache) await setSnapshotAside(paths.snapshot, paths.rejectedSnapshot)
    await writeSnapshotText(paths.snapshot, text)
    return text
  }

  // Every load starts from the files (the cache first): a context kept in memory could miss what
  // other processes did meanwhile (a compaction, a forget and a fresh start).
  async function load(agentId: string): Promise<Bootstrapped> {
    const paths = agentPaths(home, agentId)
    const booted = await bootstrap(paths, agentId)
    // A reset (a rebuild, or a cache that took in new lines) is a safe boundary.
    if (booted.changed && existsSync(paths.dir)) await persist(paths, booted.context, booted.invalidCache)
    return booted
  }

  const manager: MemoryManager = {
    home,
    paths: (agentId) => agentPaths(home, agentId),
    exists: (agentId) => existsSync(agentPaths(home, agentId).dir),

    async append(agentId, inputs, options = {}) {
      const paths = agentPaths(home, agentId)
      // Snapshot, OpenAI and Anthropic shapes all become the one stored shape.
      const messages = shapeMessages(inputs).map(canonicalMessage)
      if (messages.length === 0) return { agentId, appended: 0, persisted: false }
      const at = (options.at ?? new Date()).toISOString()
      appendMessageRecords(paths, messages.map((message) => ({ at, message })))
      const boundary = options.persist ?? endsTurn(messages.at(-1)!)
      if (!boundary) return { agentId, appended: messages.length, persisted: false }
      await manager.settle(agentId, options.at)
      return { agentId, appended: messages.length, persisted: true }
    },

    async settle(agentId, at) {
      // Loading takes the new lines in and persists the changed context.
      const { context } = await load(agentId)
      // A long epoch is closed at a turn's end, so a rebuild never has to read an endless tail.
      if (context.position.logOffset > autoCompactBytes) {
        const since = lastEpoch(await readEpisodes(agentPaths(home, agentId).episodes))?.to_offset ?? 0
        if (context.position.logOffset - since > autoCompactBytes) await manager.compact(agentId, at)
      }
    },

    async remember(agentId, key, value, at = new Date()) {
      const paths = agentPaths(home, agentId)
      const safe: JsonValue = toJsonSafe(value)
      appendFactRecords(paths, [{ at: at.toISOString(), key, value: safe }])
      await load(agentId)
      return { agentId, key, forgotten: safe === null }
    },

    load,

    async compact(agentId, now = new Date()) {
      const paths = agentPaths(home, agentId)
      if (!existsSync(paths.dir)) throw notFound(`no memory for agent '${agentId}'`)
      const epoch = await withFileLock(paths.episodes, async () => {
        const file = await readEpisodes(paths.episodes)
        const from = lastEpoch(file)?.to_offset ?? 0
        const { records, end } = readMessageRecords(paths.messages, from)
        if (records.length === 0) return null
        const next: Episode = {
          epoch_id: (lastEpoch(file)?.epoch_id ?? 0) + 1,
          ts: now.toISOString(),
          from_offset: from,
          to_offset: end,
          messages: records.length,
          summary: summarizeEpoch(records.map((r) => r.message)),
        }
        await writeEpisodes(paths.episodes, { version: 1, revision: file.revision + 1, epochs: [...file.epochs, next] })
        return next
      })
      if (epoch) {
        const { context } = await rebuildContext(paths, agentId)
        await persist(paths, context)
      }
      return { agentId, compacted: epoch !== null, epoch }
    },

    async rebuild(agentId) {
      const paths = agentPaths(home, agentId)
      if (!existsSync(paths.dir)) throw notFound(`no memory for agent '${agentId}'`)
      const booted = await bootstrap(paths, agentId, { ignoreCache: true })
      const previous = await readSnapshotText(paths.snapshot)
      const text = serialize(booted.context.toSnapshot())
      // A previous cache that is not even a snapshot is kept aside, never silently replaced.
      const invalidCache = previous !== null && !deserialize(previous, agentId).ok
      if (previous !== text) await persist(paths, booted.context, invalidCache)
      return { context: booted.context, text, previous }
    },

    async forget(agentId) {
      const paths = agentPaths(home, agentId)
      if (!existsSync(paths.dir)) return false
      await rm(paths.dir, { recursive: true, force: true })
      return true
    },
  }
  return manager
}
