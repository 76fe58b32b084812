// What a tool answers, as MCP `outputSchema` and `structuredContent`: every tool declares the JSON
// shape of its answer (by kind: a task a write changed, a page of tasks, one whole task, a memory
// restore, or any object), and every answer carries it as structured content beside the text. An
// answer that is not an object (a list of names, a number) is structured as `{ result }`.
import * as z from "zod"
import type { OutputKind } from "./tool-table.ts"
import { leanSchema } from "./tool-schema.ts"

// Lean on purpose (every tool's schema costs an agent tokens at each start): the fields an agent
// reads, typed; the rest is documented in docs/mcp.md and allowed (the objects are open): a write's
// task carries what its command says beside it (`nextOccurrence`, `openSubtaskIds`, `elapsed`, ...).
const CompactTask = z.looseObject({ id: z.string(), title: z.string(), status: z.string(), priority: z.string() })


const Page = z.looseObject({ tasks: z.array(z.looseObject({})), total: z.number(), offset: z.number(), nextOffset: z.number().nullable() })

const Restore = z.looseObject({ agent_id: z.string(), before: z.number().nullable() })

const SCHEMAS: Record<OutputKind, z.ZodType> = { taskChange: CompactTask, page: Page, task: CompactTask, restore: Restore, object: z.looseObject({}) }

/** The JSON Schema of a kind of answer, for `tools/list` (without `$schema`). */
export function outputJsonSchema(kind: OutputKind): { type: "object"; [key: string]: unknown } {
  const schema = leanSchema(z.toJSONSchema(SCHEMAS[kind], { io: "output", unrepresentable: "any" })) as Record<string, unknown>
  return { ...schema, type: "object" }
}

/** An answer as structured content: itself when an object, else `{ result }`. */
export function structuredOf(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : { result: data }
}
