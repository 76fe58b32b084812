// The lines of the raw log and the facts file, as text. No zod here: `tsk hook` writes these lines
// and must stay light. Values are normalised before they are written, so a line reads back as
// exactly the value that was appended.
import { appendJsonLines } from "./jsonl-file.ts"
import { withAppendLock } from "./append-lock.ts"
import type { AgentPaths } from "./memory-paths.ts"
import type { JsonValue, Message } from "./message.ts"
import { makeFolderSync } from "../store/home-links.ts"

/** The agent's folder, made as a real folder: a link planted below the home is refused. */
function agentDir(paths: AgentPaths): void {
  makeFolderSync(paths.dir, paths.home)
}

export interface MessageRecord {
  at: string
  message: Message
  /** The session the message came from, when an agent's memory holds several (a hook's session_id). */
  session?: string
}

export interface FactRecord {
  at: string
  key: string
  /** null forgets the fact. */
  value: JsonValue
}

export const messageLine = (record: MessageRecord) =>
  JSON.stringify(record.session === undefined ? { at: record.at, message: record.message } : { at: record.at, session: record.session, message: record.message })
export const factLine = (record: FactRecord) => JSON.stringify({ at: record.at, key: record.key, value: record.value })

/** Append message records to the raw log (one locked write); returns the log's new size. */
export function appendMessageRecords(paths: AgentPaths, records: readonly MessageRecord[]): number {
  agentDir(paths)
  return withAppendLock(paths.lock, () => appendJsonLines(paths.messages, records.map(messageLine)))
}

/**
 * The same without the append lock, for `tsk hook` (a lock's mkdir and rmdir cost each hook about
 * a millisecond). Safe beside locked appenders: the kernel puts each O_APPEND write whole at the
 * end, and the lock only keeps the fresh-line check after a torn line exclusive; a hook racing it
 * there can at worst leave a blank line, which readers skip.
 */
export function appendHookMessageRecords(paths: AgentPaths, records: readonly MessageRecord[]): void {
  agentDir(paths)
  appendJsonLines(paths.messages, records.map(messageLine))
}

export function appendFactRecords(paths: AgentPaths, records: readonly FactRecord[]): number {
  agentDir(paths)
  return withAppendLock(paths.lock, () => appendJsonLines(paths.facts, records.map(factLine)))
}
