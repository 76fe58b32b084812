// A tool's input schema, derived from the payload schema of the bridge command it runs: the same
// zod object validates the call, and its JSON Schema (input side) is what `tools/list` shows.
// Paged tools trade the bridge's `limit` for MCP paging: `limit` (1-500, default 50), `offset`
// and `compact`.
import * as z from "zod"
import type { ToolRow } from "./tool-table.ts"

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 500

const Paging = {
  limit: z.number().int().min(1).max(MAX_PAGE).optional().describe(`tasks per page (default ${DEFAULT_PAGE})`),
  offset: z.number().int().min(0).optional().describe("skip this many (use the answer's nextOffset)"),
  compact: z.boolean().optional().describe("false: whole tasks instead of the compact shape"),
}

export type PagingArgs = { limit?: number; offset?: number; compact?: boolean }

/** The zod schema a tool's arguments are validated with. */
export function toolInput(row: ToolRow, payload: z.ZodType): z.ZodType {
  if (row.answer !== "page") return payload
  if (!(payload instanceof z.ZodObject)) throw new Error(`paged tool ${row.name}: the payload of '${row.command}' is not an object`)
  return payload.omit({ limit: true }).extend(Paging)
}

/** JSON Schema for `tools/list` (without `$schema`, which only costs an agent tokens). */
export function toolJsonSchema(input: z.ZodType): { type: "object"; [key: string]: unknown } {
  const { $schema: _, ...schema } = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>
  return { ...schema, type: "object" }
}

/** Split paged arguments into the bridge payload and the paging. */
export function splitPaging(args: Record<string, unknown>): { payload: Record<string, unknown>; paging: Required<PagingArgs> } {
  const { limit, offset, compact, ...payload } = args as Record<string, unknown> & PagingArgs
  return { payload, paging: { limit: limit ?? DEFAULT_PAGE, offset: offset ?? 0, compact: compact ?? true } }
}
