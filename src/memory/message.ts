// The messages of an agent's working context, in the shape chat models use: system, user,
// assistant (with optional reasoning_content and tool calls) and tool results carried as
// `tool_payload`. Values inside are JSON (see normalize.ts); media are URLs.
import * as z from "zod"

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
export const JsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(JsonValue), z.record(z.string(), JsonValue)]),
)

const Media = z.array(z.string().min(1).max(4096)).max(32)

export const ToolCall = z.strictObject({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  arguments: JsonValue,
})
export type ToolCall = z.infer<typeof ToolCall>

export const ToolPayload = z.strictObject({
  tool_call_id: z.string().min(1).max(200),
  tool_name: z.string().min(1).max(200),
  tool_result: JsonValue,
  tool_error: z.string().nullable(),
})
export type ToolPayload = z.infer<typeof ToolPayload>

export const SystemMessage = z.strictObject({ role: z.literal("system"), content: z.string() })
export const UserMessage = z.strictObject({ role: z.literal("user"), content: z.string(), media: Media.optional() })
export const AssistantMessage = z.strictObject({
  role: z.literal("assistant"),
  content: z.string(),
  reasoning_content: z.string().optional(),
  tool_calls: z.array(ToolCall).min(1).max(64).optional(),
  media: Media.optional(),
})
export const ToolMessage = z.strictObject({ role: z.literal("tool"), content: z.string(), tool_payload: ToolPayload })

export const Message = z.discriminatedUnion("role", [SystemMessage, UserMessage, AssistantMessage, ToolMessage])
export type Message = z.infer<typeof Message>
export type MessageRole = Message["role"]
