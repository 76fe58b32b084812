// A tool's input schema, derived from the payload schema of the bridge command it runs: the same
// zod object validates the call, and its JSON Schema (input side) is what `tools/list` shows.
// Every tool's object is strict (an unknown key is refused, whatever the bridge tolerates) and
// every top-level parameter carries a description (param-descriptions.ts fills in the missing).
// Paged tools trade the bridge's `limit` for MCP paging: `limit` (1-500, default 50), `offset`
// and `compact`. Memory tools take `agentId` as optional: the server fills in the caller's key.
import * as z from "zod"
import type { ToolRow } from "./tool-table.ts"
import { paramDescription } from "./param-descriptions.ts"

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 500

const Paging = {
  limit: z.number().int().min(1).max(MAX_PAGE).optional().describe(`tasks per page (default ${DEFAULT_PAGE})`),
  offset: z.number().int().min(0).optional().describe("skip this many (use the answer's nextOffset)"),
  compact: z.boolean().optional().describe("false: whole tasks instead of the compact shape"),
}

export type PagingArgs = { limit?: number; offset?: number; compact?: boolean }

/** Whether a tool takes `agentId` as optional (its server fills in the caller's memory key). */
export const defaultsAgent = (row: ToolRow) => row.command.startsWith("memory-")

/** The zod schema a tool's arguments are validated with. */
export function toolInput(row: ToolRow, payload: z.ZodType): z.ZodObject {
  if (!(payload instanceof z.ZodObject)) throw new Error(`tool ${row.name}: the payload of '${row.command}' is not an object`)
  let object: z.ZodObject = payload
  if (row.answer === "page") object = object.omit({ limit: true }).extend(Paging)
  if (defaultsAgent(row) && object.shape.agentId) object = object.extend({ agentId: (object.shape.agentId as z.ZodType).optional() })
  const described: Record<string, z.ZodType> = {}
  for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    const text = field.description ?? paramDescription(row.name, key)
    described[key] = text !== undefined && field.description === undefined ? field.describe(text) : field
  }
  return z.strictObject(described)
}

/** Length and count bounds: zod checks them on every call; in the listing they only cost tokens. */
const CHECKED_NOT_LISTED = new Set(["minLength", "maxLength", "minItems", "maxItems", "$schema"])
const SAFE_LIMIT = Number.MAX_SAFE_INTEGER

/** A JSON Schema without what only costs an agent tokens: `$schema`, length bounds, ±2^53 limits. */
export function leanSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leanSchema)
  if (typeof value !== "object" || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (CHECKED_NOT_LISTED.has(key)) continue
    if ((key === "maximum" && item === SAFE_LIMIT) || (key === "minimum" && item === -SAFE_LIMIT)) continue
    // An open object says so by default; an empty property list says nothing.
    if ((key === "additionalProperties" || key === "properties" || key === "propertyNames") && isObject(item) && Object.keys(item).length === 0) continue
    out[key] = leanSchema(item)
  }
  // anyOf of bare types (string or null) says the same as one list of types.
  const choices = out.anyOf
  if (Array.isArray(choices)) {
    const flat = choices.flatMap((choice) => (isObject(choice) && Array.isArray(choice.anyOf) && Object.keys(choice).length === 1 ? choice.anyOf : [choice]))
    if (flat.every((choice) => isObject(choice) && Object.keys(choice).length === 1 && typeof choice.type === "string")) {
      delete out.anyOf
      out.type = flat.map((choice) => (choice as { type: string }).type)
    } else out.anyOf = flat
  }
  return out
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** JSON Schema for `tools/list`. */
export function toolJsonSchema(input: z.ZodType): { type: "object"; [key: string]: unknown } {
  const schema = leanSchema(z.toJSONSchema(input, { io: "input", unrepresentable: "any" })) as Record<string, unknown>
  return { ...schema, type: "object" }
}

/** Split paged arguments into the bridge payload and the paging. */
export function splitPaging(args: Record<string, unknown>): { payload: Record<string, unknown>; paging: Required<PagingArgs> } {
  const { limit, offset, compact, ...payload } = args as Record<string, unknown> & PagingArgs
  return { payload, paging: { limit: limit ?? DEFAULT_PAGE, offset: offset ?? 0, compact: compact ?? true } }
}
