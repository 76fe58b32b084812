// The merge conflicts the TUI shows (store/conflicts-store.ts): conflicts.json read again only
// when its identity changed, so the header can ask every second for the price of a stat.
import { fileIdentity } from "../store/file-identity.ts"
import { conflictsPath, readConflicts, type ConflictRecord } from "../store/conflicts-store.ts"

const seen = new Map<string, { identity: string | null; records: ConflictRecord[] }>()

export function currentConflicts(home: string): ConflictRecord[] {
  const identity = fileIdentity(conflictsPath(home))
  const cached = seen.get(home)
  if (cached && cached.identity === identity) return cached.records
  const records = identity === null ? [] : readConflicts(home)
  seen.set(home, { identity, records })
  return records
}

/** One record's lines for people: the task and field, then what stayed and what was lost. */
export function conflictRows(record: ConflictRecord): [string, string] {
  const show = (value: unknown) => (value === undefined ? "(none)" : typeof value === "string" ? value : JSON.stringify(value))
  const head = `${record.id}  ${record.title}  ${record.field}`
  if (record.field === "deleted") return [head, `kept the edited task; its deletion in ${record.source} was not applied`]
  if (record.reason !== undefined) return [head, `dropped link to ${show(record.lost)} (${record.reason}), from ${record.source}`]
  return [head, `kept: ${show(record.kept)}   lost: ${show(record.lost)} (${record.source})`]
}
