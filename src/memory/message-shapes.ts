// Messages in the shapes agents already hold, made the one shape memory stores (message.ts):
//   - the snapshot document's own: a tool message may leave out `content`, `tool_result` and
//     `tool_error` (`{"role":"tool","tool_payload":{"tool_call_id","tool_name"}}`);
//   - OpenAI chat: `content` null or a list of text parts, `tool_calls: [{id, type: "function",
//     function: {name, arguments}}]` (arguments a JSON string), replies `{role: "tool",
//     tool_call_id, content}`, and the `developer` role (a system message);
//   - Anthropic content blocks: `text`, `thinking`, `tool_use {id, name, input}`, `tool_result
//     {tool_use_id, content, is_error}` (one tool message each) and `image` with a URL source.
// A tool reply that does not name its tool takes the name from a call earlier in the same batch.
// Anything else passes through unchanged for the message schema to judge. Pure; no zod.

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** Text of OpenAI content parts or Anthropic text blocks; other parts are left to the caller. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .filter((part): part is Json => isObject(part) && (part.type === "text" || part.type === "input_text" || part.type === "output_text") && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n")
}

function parsedArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {}
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** An OpenAI tool call, or one already in the stored shape. */
function toolCallOf(call: unknown): unknown {
  if (!isObject(call) || !isObject(call.function)) return call
  return { id: call.id, name: call.function.name, arguments: parsedArguments(call.function.arguments) }
}

function toolMessage(callId: unknown, name: unknown, result: unknown, error: string | null): Json {
  return {
    role: "tool",
    content: error === null ? "ok" : `error: ${error}`,
    tool_payload: { tool_call_id: callId, tool_name: name, tool_result: error === null ? (result ?? null) : null, tool_error: error },
  }
}

function mediaOf(content: unknown): string[] {
  if (!Array.isArray(content)) return []
  const urls: string[] = []
  for (const part of content) {
    if (!isObject(part)) continue
    if (part.type === "image" && isObject(part.source) && part.source.type === "url" && typeof part.source.url === "string") urls.push(part.source.url)
    if (part.type === "image_url" && isObject(part.image_url) && typeof part.image_url.url === "string" && !part.image_url.url.startsWith("data:")) urls.push(part.image_url.url)
  }
  return urls
}

const blocksOf = (content: unknown, type: string): Json[] => (Array.isArray(content) ? content.filter((b): b is Json => isObject(b) && b.type === type) : [])

function resultContent(content: unknown): unknown {
  if (typeof content === "string") return parsedArguments(content)
  if (Array.isArray(content) && content.every((part) => isObject(part) && part.type === "text")) return parsedArguments(textOf(content))
  return content ?? null
}

/** One message as an agent sent it: the stored messages it stands for (usually one). */
function shapeOne(input: unknown, names: Map<string, string>): unknown[] {
  if (!isObject(input)) return [input]
  const role = input.role === "developer" ? "system" : input.role
  const { content } = input
  // No content at all (and nothing else to carry) is for the message schema to refuse.
  const hasContent = typeof content === "string" || Array.isArray(content) || (role === "assistant" && (content === null || Array.isArray(input.tool_calls)))
  if (role !== "tool" && !hasContent) return [input]
  if (role === "tool") {
    const payload = isObject(input.tool_payload) ? input.tool_payload : null
    if (payload) {
      const error = typeof payload.tool_error === "string" ? payload.tool_error : null
      const shaped = toolMessage(payload.tool_call_id, payload.tool_name, payload.tool_result, error)
      return [{ ...shaped, content: typeof content === "string" ? content : shaped.content }]
    }
    // OpenAI: {role: "tool", tool_call_id, content, name?}
    const id = input.tool_call_id
    const name = typeof input.name === "string" ? input.name : (typeof id === "string" ? names.get(id) : undefined) ?? "tool"
    return [toolMessage(id, name, resultContent(content), null)]
  }
  if (role === "system") return [{ role, content: textOf(content) }]
  if (role === "assistant") {
    const uses = blocksOf(content, "tool_use")
    const calls = [...(Array.isArray(input.tool_calls) ? input.tool_calls.map(toolCallOf) : []), ...uses.map((b) => ({ id: b.id, name: b.name, arguments: b.input ?? {} }))]
    for (const call of calls) if (isObject(call) && typeof call.id === "string" && typeof call.name === "string") names.set(call.id, call.name)
    const thinking = blocksOf(content, "thinking").map((b) => b.thinking).filter((t): t is string => typeof t === "string")
    const reasoning = typeof input.reasoning_content === "string" ? input.reasoning_content : thinking.length > 0 ? thinking.join("\n") : undefined
    const media = Array.isArray(input.media) ? input.media : mediaOf(content)
    return [
      {
        role,
        content: textOf(content),
        ...(reasoning !== undefined ? { reasoning_content: reasoning } : {}),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
        ...(media.length > 0 ? { media } : {}),
      },
    ]
  }
  if (role === "user") {
    // Anthropic puts tool results in the user's turn: each becomes a tool message.
    const results = blocksOf(content, "tool_result").map((b) => {
      const id = b.tool_use_id
      const name = (typeof id === "string" ? names.get(id) : undefined) ?? "tool"
      return b.is_error === true ? toolMessage(id, name, null, textOf(b.content) || "failed") : toolMessage(id, name, resultContent(b.content), null)
    })
    const text = textOf(content)
    const media = Array.isArray(input.media) ? input.media : mediaOf(content)
    if (results.length > 0 && text.length === 0 && media.length === 0) return results
    return [...results, { role, content: text, ...(media.length > 0 ? { media } : {}) }]
  }
  return [input]
}

/** The messages as memory stores them, in order. */
export function shapeMessages(inputs: readonly unknown[]): unknown[] {
  const names = new Map<string, string>()
  return inputs.flatMap((input) => shapeOne(input, names))
}
