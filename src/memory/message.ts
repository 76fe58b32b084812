// The messages of an agent's working context, in the shape chat models use: system, user,
// assistant (with optional reasoning_content and tool calls) and tool results carried as
// `tool_payload`. Values inside are JSON (see normalize.ts); media are URLs.
import * as z from "zod"

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
/** Plain JSON, checked by one walk (a recursive zod union costs ~50x more on a 10,000-line log). */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true
  if (typeof value === "number") return Number.isFinite(value)
  if (typeof value !== "object" || depth > 64) return false
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1))
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return false
  for (const key in value) if (!isJsonValue((value as Record<string, unknown>)[key], depth + 1)) return false
  return true
}

export const JsonValue = z.custom<JsonValue>((value) => isJsonValue(value), { message: "expected a JSON value" })

const Media = z.array(z.string().min(1).max(4096)).max(32)

/** The message schemas over a given JSON-value schema. */
function messageSchemas(json: z.ZodType<JsonValue>) {
  const ToolCall = z.strictObject({
    id: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
    arguments: json,
  })
  const ToolPayload = z.strictObject({
    tool_call_id: z.string().min(1).max(200),
    tool_name: z.string().min(1).max(200),
    tool_result: json,
    tool_error: z.string().nullable(),
  })
  const SystemMessage = z.strictObject({ role: z.literal("system"), content: z.string() })
  const UserMessage = z.strictObject({ role: z.literal("user"), content: z.string(), media: Media.optional() })
  const AssistantMessage = z.strictObject({
    role: z.literal("assistant"),
    content: z.string(),
    reasoning_content: z.string().optional(),
    tool_calls: z.array(ToolCall).min(1).max(64).optional(),
    media: Media.optional(),
  })
  const ToolMessage = z.strictObject({ role: z.literal("tool"), content: z.string(), tool_payload: ToolPayload })
  return { ToolCall, Message: z.discriminatedUnion("role", [SystemMessage, UserMessage, AssistantMessage, ToolMessage]) }
}

/** For files tsk reads back (the raw log, the cache): fast checks. */
const fast = messageSchemas(JsonValue)
export const ToolCall = fast.ToolCall
export type ToolCall = z.infer<typeof ToolCall>
export const Message = fast.Message
export type Message = z.infer<typeof Message>
export type MessageRole = Message["role"]
