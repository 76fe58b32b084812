import { describe, expect, it } from "vitest"
import { deserialize, serialize } from "../../src/memory/serializer.ts"
import { toJsonSafe } from "../../src/memory/normalize.ts"
import { canonicalMessage } from "../../src/memory/memory-manager.ts"
import type { Message } from "../../src/memory/message.ts"
import type { Snapshot } from "../../src/memory/snapshot-schema.ts"

const everyKind: Message[] = [
  { role: "system", content: "You are agent a." },
  { role: "user", content: "Fix the login bug", media: ["https://example.com/screen.png"] },
  { role: "assistant", content: "Looking", reasoning_content: "The cookie expires early." },
  { role: "assistant", content: "", tool_calls: [{ id: "c1", name: "create", arguments: { title: "Fix login", tags: ["auth"] } }] },
  { role: "tool", content: "ok", tool_payload: { tool_call_id: "c1", tool_name: "create", tool_result: { id: "a1b2c3d4", title: "Fix login" }, tool_error: null } },
  { role: "tool", content: "error: not found", tool_payload: { tool_call_id: "c2", tool_name: "show", tool_result: null, tool_error: "no task matches 'zz'" } },
  { role: "assistant", content: "See the diagram", media: ["https://example.com/diagram.svg"] },
]

const snapshotOf = (messages: Message[], agentId = "claude-code"): Snapshot => ({
  schema_version: 1,
  agent_id: agentId,
  epoch_id: 2,
  last_compaction_ts: "2026-01-02T03:04:05.000Z",
  memory_messages: 1,
  log_offset: 1234,
  facts_offset: 56,
  messages,
})

describe("the snapshot serializer", () => {
  it.each(everyKind.map((m, i) => [`${m.role} #${i}`, m] as const))("round-trips a %s message unchanged", (_name, message) => {
    const snapshot = snapshotOf([message])
    const back = deserialize(serialize(snapshot), "claude-code")
    expect(back).toEqual({ ok: true, snapshot })
  })

  it("gives the same bytes for the same snapshot whatever order its fields were set in", () => {
    const a = snapshotOf(everyKind)
    const b = Object.fromEntries(Object.entries(a).reverse()) as Snapshot
    expect(serialize(b)).toBe(serialize(a))
  })

  it("rejects a cache of another schema_version and says so", () => {
    const text = serialize(snapshotOf(everyKind)).replace('"schema_version": 1', '"schema_version": 9')
    expect(deserialize(text, "claude-code")).toEqual({ ok: false, reason: "the cache has schema_version 9, expected 1" })
  })

  it("rejects a truncated cache", () => {
    const text = serialize(snapshotOf(everyKind))
    const result = deserialize(text.slice(0, text.length / 2), "claude-code")
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(/not valid JSON/)
  })

  it("rejects another agent's cache", () => {
    const result = deserialize(serialize(snapshotOf(everyKind, "codex")), "claude-code")
    expect(result).toEqual({ ok: false, reason: "the cache belongs to agent 'codex', not 'claude-code'" })
  })

  it("rejects a cache with wrong types, naming the field", () => {
    const text = serialize(snapshotOf(everyKind)).replace('"epoch_id": 2', '"epoch_id": "2"')
    const result = deserialize(text, "claude-code")
    expect(!result.ok && result.reason).toMatch(/wrong types: epoch_id/)
  })

  it("rejects a message of an unknown role", () => {
    const text = serialize(snapshotOf(everyKind)).replace('"role": "user"', '"role": "narrator"')
    expect(deserialize(text, "claude-code").ok).toBe(false)
  })

  it("rejects a cache with NUL bytes", () => {
    const text = serialize(snapshotOf(everyKind))
    expect(deserialize(`${text.slice(0, 40)}\u0000\u0000${text.slice(42)}`, "claude-code")).toEqual({ ok: false, reason: "the cache contains NUL bytes" })
  })

  it("rejects a cache that counts more memory messages than it has", () => {
    const text = serialize({ ...snapshotOf([]), memory_messages: 3 })
    expect(deserialize(text, "claude-code").ok).toBe(false)
  })
})

describe("payload normalisation", () => {
  it("turns bigints into decimal strings and dates into ISO strings", () => {
    expect(toJsonSafe({ n: 12345678901234567890n, at: new Date("2026-03-04T05:06:07Z") })).toEqual({ n: "12345678901234567890", at: "2026-03-04T05:06:07.000Z" })
  })

  it("drops undefined and functions from objects and makes them null in arrays", () => {
    expect(toJsonSafe({ a: undefined, f: () => 1, keep: 1, list: [undefined, 2, () => 3] })).toEqual({ keep: 1, list: [null, 2, null] })
  })

  it("replaces a cycle by a marker instead of failing", () => {
    const node: Record<string, unknown> = { name: "root" }
    node.self = node
    node.children = [node]
    expect(toJsonSafe(node)).toEqual({ name: "root", self: "[Circular]", children: ["[Circular]"] })
  })

  it("keeps a value shared by two branches (only real cycles are marked)", () => {
    const shared = { x: 1 }
    expect(toJsonSafe({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } })
  })

  it("encodes binary as base64", () => {
    expect(toJsonSafe({ buf: Buffer.from([0, 1, 255]), u8: new Uint8Array([104, 105]), ab: new Uint8Array([1]).buffer })).toEqual({
      buf: { $binary: "AAH/" },
      u8: { $binary: "aGk=" },
      ab: { $binary: "AQ==" },
    })
  })

  it("maps non-finite numbers to null, -0 to 0, maps to objects, sets to arrays and errors to name and message", () => {
    expect(toJsonSafe([NaN, Infinity, -0, new Map([["k", 1]]), new Set(["s"]), new TypeError("bad")])).toEqual([null, null, 0, { k: 1 }, ["s"], { name: "TypeError", message: "bad" }])
  })

  it("keeps a __proto__ key as data", () => {
    const safe = toJsonSafe(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>
    expect(Object.keys(safe)).toEqual(["__proto__"])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it("clips very long strings and very deep nesting", () => {
    let deep: unknown = "bottom"
    for (let i = 0; i < 40; i++) deep = { d: deep }
    const safe = JSON.stringify(toJsonSafe({ long: "x".repeat(20_000), deep }))
    expect(safe).toContain("[3616 more characters]")
    expect(safe).toContain("[Truncated]")
  })

  it("makes a tool result with a bigint and a date into a message that reads back identically", () => {
    const message = canonicalMessage({
      role: "tool",
      content: "ok",
      tool_payload: { tool_call_id: "c1", tool_name: "c64-run", tool_result: { cycles: 10n, at: new Date(0), raw: new Uint8Array([7]) }, tool_error: null },
    })
    expect(JSON.parse(JSON.stringify(message))).toEqual(message)
    expect(message.role === "tool" && message.tool_payload.tool_result).toEqual({ cycles: "10", at: "1970-01-01T00:00:00.000Z", raw: { $binary: "Bw==" } })
  })
})
