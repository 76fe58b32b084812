import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createMemoryManager, type MemoryManager } from "../../src/memory/memory-manager.ts"
import { restoreAgent } from "../../src/memory/restore-step.ts"
import { serialize } from "../../src/memory/serializer.ts"
import { MAX_TAIL_MESSAGES } from "../../src/memory/working-context.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { sessionMessages, sha256 } from "./memory-helpers.ts"

let temp: { home: string; cleanup: () => void }
let manager: MemoryManager
const agent = "claude-code.worker-1"

beforeEach(() => {
  temp = makeTempHome()
  manager = createMemoryManager(temp.home)
})
afterEach(() => temp.cleanup())

const cacheText = () => readFileSync(manager.paths(agent).snapshot, "utf8")

async function rebuiltText(): Promise<string> {
  // A fresh manager (another process) that ignores the cache and reads memory alone.
  const { text } = await createMemoryManager(temp.home).rebuild(agent)
  return text
}

describe("working-context snapshots", () => {
  it("writes the cache at the end of an assistant turn, not in the middle of one", async () => {
    await manager.append(agent, [{ role: "user", content: "hello" }])
    expect(existsSync(manager.paths(agent).snapshot)).toBe(false)
    await manager.append(agent, [{ role: "assistant", content: "hi" }])
    expect(JSON.parse(cacheText()).messages.at(-1)).toEqual({ role: "assistant", content: "hi" })
  })

  it("rebuilds from memory a snapshot byte-identical to the cache written after the same inputs", async () => {
    for (let n = 0; n < 5; n++) await manager.append(agent, sessionMessages(n))
    await manager.remember(agent, "repo", "tsk")
    await manager.remember(agent, "backend", { name: "sim", since: new Date("2026-01-01T00:00:00Z") })
    await manager.compact(agent, new Date("2026-02-01T00:00:00Z"))
    for (let n = 5; n < 8; n++) await manager.append(agent, sessionMessages(n))
    await manager.remember(agent, "repo", null)
    await manager.append(agent, [{ role: "assistant", content: "end of turn" }])
    const cached = cacheText()
    expect(await rebuiltText()).toBe(cached)
    expect(JSON.parse(cached).epoch_id).toBe(1)
  })

  it("stays byte-identical when the tail is longer than the context keeps", async () => {
    for (let n = 0; n < Math.ceil((MAX_TAIL_MESSAGES * 2.5) / 6); n++) await manager.append(agent, sessionMessages(n))
    const cached = cacheText()
    const messages = JSON.parse(cached).messages as Array<{ role: string }>
    expect(messages.length).toBeLessThanOrEqual(MAX_TAIL_MESSAGES + 1)
    expect(messages[1]!.role).not.toBe("tool")
    expect(await rebuiltText()).toBe(cached)
  })

  it("restores from the cache and takes in what other processes appended since", async () => {
    await manager.append(agent, sessionMessages(0))
    const other = createMemoryManager(temp.home)
    await other.append(agent, [{ role: "user", content: "from a hook" }], { persist: false })
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.source).toBe("cache")
    expect(restored.messages.at(-1)).toEqual({ role: "user", content: "from a hook" })
    expect(cacheText()).toBe(await rebuiltText())
  })

  it("keeps facts in the context: the last value wins and null forgets", async () => {
    await manager.remember(agent, "b", 2)
    await manager.remember(agent, "a", "one")
    await manager.remember(agent, "b", null)
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.messages[1]).toEqual({ role: "system", content: "Facts you recorded:\n- a: one" })
  })
})

describe("a manager that outlives a forget", () => {
  it("starts the agent's context afresh instead of reading the new log from the old offset", async () => {
    for (let n = 0; n < 3; n++) await manager.append(agent, sessionMessages(n))
    await createMemoryManager(temp.home).forget(agent)
    await manager.append(agent, [{ role: "user", content: "again" }, { role: "assistant", content: "fresh start" }])
    const snapshot = JSON.parse(cacheText())
    expect(snapshot.messages.slice(snapshot.memory_messages)).toEqual([
      { role: "user", content: "again" },
      { role: "assistant", content: "fresh start" },
    ])
    expect(await rebuiltText()).toBe(cacheText())
  })
})

describe("automatic compaction", () => {
  it("closes a long epoch at the end of a turn, and a rebuild still equals the cache", async () => {
    const small = createMemoryManager(temp.home, { autoCompactBytes: 4000 })
    for (let n = 0; n < 6; n++) await small.append(agent, sessionMessages(n))
    const snapshot = JSON.parse(cacheText())
    expect(snapshot.epoch_id).toBeGreaterThan(0)
    expect(snapshot.log_offset).toBe(readFileSync(manager.paths(agent).messages).length)
    expect(await rebuiltText()).toBe(cacheText())
  })
})

describe("an invalid cache", () => {
  const corruptions: Array<[string, (text: string) => string, RegExp]> = [
    ["a wrong schema_version", (t) => t.replace('"schema_version": 1', '"schema_version": 2'), /schema_version 2/],
    ["a truncated file", (t) => t.slice(0, Math.floor(t.length * 0.6)), /not valid JSON/],
    ["another agent's id", (t) => t.replace(`"agent_id": "${agent}"`, '"agent_id": "codex"'), /belongs to agent 'codex'/],
    ["wrong types", (t) => t.replace(/"log_offset": \d+/, '"log_offset": "many"'), /wrong types: log_offset/],
    ["NUL bytes", (t) => "\u0000".repeat(t.length), /NUL bytes/],
  ]

  it.each(corruptions)("with %s is never trusted: restore rebuilds, says why, and leaves the raw log alone", async (_name, corrupt, why) => {
    for (let n = 0; n < 3; n++) await manager.append(agent, sessionMessages(n))
    const good = cacheText()
    const logHash = sha256(manager.paths(agent).messages)
    writeFileSync(manager.paths(agent).snapshot, corrupt(good))
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.source).toBe("rebuild")
    expect(restored.reason).toMatch(why)
    expect(restored.all).toEqual(JSON.parse(good).messages)
    expect(sha256(manager.paths(agent).messages)).toBe(logHash)
    // The bad cache is kept aside, and the fresh one equals the one it replaced.
    expect(readFileSync(manager.paths(agent).rejectedSnapshot, "utf8")).toBe(corrupt(good))
    expect(cacheText()).toBe(good)
  })

  it("from an older epoch is stale: restore rebuilds and says so", async () => {
    await manager.append(agent, sessionMessages(0))
    const before = cacheText()
    await manager.compact(agent, new Date("2026-02-01T00:00:00Z"))
    writeFileSync(manager.paths(agent).snapshot, before)
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.source).toBe("rebuild")
    expect(restored.reason).toBe("the cache is from epoch 0, memory is at epoch 1")
  })
})

describe("the raw log", () => {
  it("skips a torn last line after a crash and never rewrites it", async () => {
    await manager.append(agent, sessionMessages(0))
    const path = manager.paths(agent).messages
    appendFileSync(path, '{"at":"2026-01-01T00:00:00.000Z","message":{"role":"us')
    const torn = readFileSync(path)
    await createMemoryManager(temp.home).append(agent, [{ role: "assistant", content: "after the crash" }])
    const after = readFileSync(path)
    expect(after.subarray(0, torn.length).equals(torn)).toBe(true)
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.all.at(-1)).toEqual({ role: "assistant", content: "after the crash" })
    expect(restored.all.filter((m) => m.role !== "system")).toHaveLength(7)
    expect(serialize((await createMemoryManager(temp.home).rebuild(agent)).context.toSnapshot())).toBe(cacheText())
  })

  it("is never rewritten by a compaction", async () => {
    for (let n = 0; n < 3; n++) await manager.append(agent, sessionMessages(n))
    const hash = sha256(manager.paths(agent).messages)
    const result = await manager.compact(agent, new Date("2026-02-01T00:00:00Z"))
    expect(result.compacted).toBe(true)
    expect(sha256(manager.paths(agent).messages)).toBe(hash)
    const restored = await restoreAgent(createMemoryManager(temp.home), agent)
    expect(restored.all.filter((m) => m.role !== "system")).toEqual([])
    expect(restored.all.at(-1)!.content).toContain("Tasks: id0aaaaa 'Task 0'")
  })
})
