// The task list on disk: tasks.json (the base, written in full, validated on read) plus
// tasks.journal (the changes since, see tasks-journal.ts). A change is a read-modify-write inside
// the cross-process lock: re-read base + journal, apply the operation, the no-wipe rule, then
// either one fsynced journal line or, when the journal has grown past its share of the base (or
// the change is not a set of puts and deletes), a durable atomic write of the whole base with a
// backup of it and the journal removed (compaction). A file that fails to validate is never
// written over. Every reader sees base + journal; its revision is the journal's last one.
// Split by concern: tasks-read.ts, tasks-change.ts, tasks-compaction.ts, and what they share in
// tasks-cache.ts. This module is the store's one entry point for them.
export * from "./tasks-cache.ts"
export * from "./tasks-read.ts"
export * from "./tasks-change.ts"
export * from "./tasks-compaction.ts"
