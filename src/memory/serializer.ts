// The snapshot serializer: pure text <-> value, and the checks that decide whether a cache may be
// trusted. `deserialize` never throws; it says why a text is not a usable snapshot of this agent.
import { describeZodIssues } from "../domain/zod-issues.ts"
import { Snapshot, SNAPSHOT_SCHEMA_VERSION } from "./snapshot-schema.ts"

export type Validation = { ok: true; snapshot: Snapshot } | { ok: false; reason: string }

/** One canonical text per snapshot: the same value always gives the same bytes. */
export function serialize(snapshot: Snapshot): string {
  const ordered: Snapshot = {
    schema_version: snapshot.schema_version,
    agent_id: snapshot.agent_id,
    epoch_id: snapshot.epoch_id,
    last_compaction_ts: snapshot.last_compaction_ts,
    memory_messages: snapshot.memory_messages,
    log_offset: snapshot.log_offset,
    facts_offset: snapshot.facts_offset,
    messages: snapshot.messages,
  }
  return JSON.stringify(ordered, null, 1) + "\n"
}

/** Whether a parsed value is a snapshot of `agentId` (schema, types, id, message count). */
export function validate(value: unknown, agentId: string): Validation {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, reason: "the cache is not a JSON object" }
  const version = (value as { schema_version?: unknown }).schema_version
  if (version !== SNAPSHOT_SCHEMA_VERSION) return { ok: false, reason: `the cache has schema_version ${JSON.stringify(version) ?? "(none)"}, expected ${SNAPSHOT_SCHEMA_VERSION}` }
  const parsed = Snapshot.safeParse(value)
  if (!parsed.success) return { ok: false, reason: `the cache has wrong types: ${describeZodIssues(parsed.error, 2)}` }
  if (parsed.data.agent_id !== agentId) return { ok: false, reason: `the cache belongs to agent '${parsed.data.agent_id}', not '${agentId}'` }
  if (parsed.data.memory_messages > parsed.data.messages.length) return { ok: false, reason: "the cache counts more memory messages than it holds" }
  return { ok: true, snapshot: parsed.data }
}

export function deserialize(text: string, agentId: string): Validation {
  if (text.includes("\u0000")) return { ok: false, reason: "the cache contains NUL bytes" }
  if (text.trim().length === 0) return { ok: false, reason: "the cache is empty" }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: "the cache is not valid JSON (truncated?)" }
  }
  return validate(value, agentId)
}
