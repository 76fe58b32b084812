// Reading the raw log and the facts back: each complete line is parsed and checked; a line that is
// not a valid record (a torn fragment left by a crash) is skipped and counted, never repaired.
import * as z from "zod"
import { readJsonLines } from "./jsonl-file.ts"
import { JsonValue, Message } from "./message.ts"
import type { FactRecord, MessageRecord } from "./record-lines.ts"

const MessageRecordSchema = z.object({ at: z.string(), message: Message })
const FactRecordSchema = z.object({ at: z.string(), key: z.string().min(1).max(200), value: JsonValue })

export interface ParsedLines<T> {
  records: T[]
  skipped: number
  end: number
}

function parseLines<T>(path: string, from: number, schema: z.ZodType<T>): ParsedLines<T> {
  const { lines, end } = readJsonLines(path, from)
  const records: T[] = []
  let skipped = 0
  for (const line of lines) {
    if (line.length === 0) continue
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      skipped++
      continue
    }
    const parsed = schema.safeParse(raw)
    if (parsed.success) records.push(parsed.data)
    else skipped++
  }
  return { records, skipped, end }
}

export const readMessageRecords = (path: string, from = 0): ParsedLines<MessageRecord> => parseLines(path, from, MessageRecordSchema as z.ZodType<MessageRecord>)
export const readFactRecords = (path: string, from = 0): ParsedLines<FactRecord> => parseLines(path, from, FactRecordSchema as z.ZodType<FactRecord>)

/** The facts as they stand: the last value of each key, forgotten keys left out, keys sorted. */
export function foldFacts(records: readonly FactRecord[]): Array<[string, JsonValue]> {
  const facts = new Map<string, JsonValue>()
  for (const record of records) {
    if (record.value === null) facts.delete(record.key)
    else facts.set(record.key, record.value)
  }
  return [...facts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
