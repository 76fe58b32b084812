// The working-context snapshot file (`working_context_snapshot.json`), a derived cache. Beside the
// fields every reader knows (schema_version, agent_id, epoch_id, last_compaction_ts, messages) it
// records how much of the raw log and the facts it covers, and how many leading messages come from
// memory (system prompt, facts, episodes) rather than the raw tail, so a restore can catch up
// from the cache without re-reading what it already holds.
import * as z from "zod"
import { Message } from "./message.ts"

export const SNAPSHOT_SCHEMA_VERSION = 1

export const Snapshot = z.strictObject({
  schema_version: z.literal(SNAPSHOT_SCHEMA_VERSION),
  agent_id: z.string().min(1),
  epoch_id: z.number().int().min(0),
  last_compaction_ts: z.string().nullable(),
  memory_messages: z.number().int().min(0),
  log_offset: z.number().int().min(0),
  facts_offset: z.number().int().min(0),
  messages: z.array(Message),
})
export type Snapshot = z.infer<typeof Snapshot>
