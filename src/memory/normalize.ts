// Any value an agent or a command hands us, made JSON-safe and deterministic, so what is written
// to the raw log reads back as the very same value: bigints become decimal strings, dates ISO
// strings, binary `{ "$binary": base64 }`, undefined and functions disappear from objects (null in
// arrays), non-finite numbers null, a cycle `"[Circular]"`. Maps become objects, sets arrays,
// errors `{ name, message }`. Strings longer than `maxString` are clipped, nesting below `maxDepth`
// becomes `"[Truncated]"`.
import type { JsonValue } from "./message.ts"

export interface NormalizeLimits {
  maxString: number
  maxDepth: number
}

export const DEFAULT_LIMITS: NormalizeLimits = { maxString: 16_384, maxDepth: 32 }

const clipString = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text)

function binaryToBase64(value: ArrayBuffer | ArrayBufferView): string {
  const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  return Buffer.from(bytes).toString("base64")
}

export function toJsonSafe(value: unknown, limits: NormalizeLimits = DEFAULT_LIMITS): JsonValue {
  const ancestors = new Set<object>()
  const visit = (v: unknown, depth: number): JsonValue | undefined => {
    switch (typeof v) {
      case "string":
        return clipString(v, limits.maxString)
      case "number":
        return Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : null
      case "boolean":
        return v
      case "bigint":
        return v.toString()
      case "undefined":
      case "function":
      case "symbol":
        return undefined
    }
    if (v === null) return null
    const obj = v as object
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? null : obj.toISOString()
    if (obj instanceof ArrayBuffer || ArrayBuffer.isView(obj)) return { $binary: binaryToBase64(obj as ArrayBuffer | ArrayBufferView) }
    if (ancestors.has(obj)) return "[Circular]"
    if (depth >= limits.maxDepth) return "[Truncated]"
    ancestors.add(obj)
    try {
      if (obj instanceof Error) return { name: clipString(obj.name, 200), message: clipString(obj.message, limits.maxString) }
      if (Array.isArray(obj) || obj instanceof Set) return [...(obj as Iterable<unknown>)].map((item) => visit(item, depth + 1) ?? null)
      const entries: Array<[string, unknown]> = obj instanceof Map ? [...obj.entries()].map(([k, item]) => [String(k), item]) : Object.entries(obj)
      const out: Array<[string, JsonValue]> = []
      for (const [key, item] of entries) {
        const safe = visit(item, depth + 1)
        if (safe !== undefined) out.push([key, safe])
      }
      // fromEntries defines own properties, so a `__proto__` key stays data.
      return Object.fromEntries(out)
    } finally {
      ancestors.delete(obj)
    }
  }
  return visit(value, 0) ?? null
}
