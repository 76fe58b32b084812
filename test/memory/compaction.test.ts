import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { summarizeEpoch, summaryChars, ITEMS_PER_LIST } from "../../src/memory/compaction.ts"
import { canonicalMessage } from "../../src/memory/memory-manager.ts"
import { checkAgentId, bridgeAgentId } from "../../src/memory/agent-id.ts"
import { createLineCounter } from "../../src/memory/agent-list.ts"
import { sessionMessages } from "./memory-helpers.ts"

const epoch = (steps: number) => Array.from({ length: steps }, (_, n) => sessionMessages(n)).flat().map(canonicalMessage)

describe("extractive compaction", () => {
  it("summarises commands, tasks, phases, issues, decisions and errors", () => {
    const messages = [
      ...epoch(2),
      canonicalMessage({ role: "assistant", content: "", tool_calls: [{ id: "o1", name: "os-analyze", arguments: { goal: "Ship memory" } }] }),
      canonicalMessage({ role: "tool", content: "ok", tool_payload: { tool_call_id: "o1", tool_name: "os-analyze", tool_result: { phase: "A" }, tool_error: null } }),
      canonicalMessage({ role: "assistant", content: "", tool_calls: [{ id: "o2", name: "os-issue", arguments: { title: "Flaky lock" } }] }),
    ]
    expect(summarizeEpoch(messages)).toEqual({
      commands: ["create 'Task 0'", "show zz ×2", "create 'Task 1'", "os-analyze 'Ship memory'", "os-issue 'Flaky lock'"],
      tasks: ["id0aaaaa 'Task 0'", "zz ×2", "id1aaaaa 'Task 1'"],
      phases: ["A (os-analyze)"],
      issues: ["os-issue 'Flaky lock'"],
      decisions: ["Step 0: we decided to use the sim backend", "Step 1: we decided to use the sim backend"],
      errors: ["show: no task matches 'zz' ×2"],
    })
  })

  it("gives the same summary for the same messages", () => {
    expect(JSON.stringify(summarizeEpoch(epoch(30)))).toBe(JSON.stringify(summarizeEpoch(epoch(30))))
  })

  it("stays within the item limit and the size budget", () => {
    const summary = summarizeEpoch(epoch(100), 600)
    expect(summaryChars(summary)).toBeLessThanOrEqual(600)
    expect(summary.commands.length).toBeLessThanOrEqual(ITEMS_PER_LIST)
    expect(summary.errors).toEqual(["show: no task matches 'zz' ×100"])
  })
})

describe("agent ids", () => {
  it.each(["../x", "a/b", "a\\b", "a..b", "", "x".repeat(129), "with space", ".hidden"])("refuses %j", (id) => {
    expect(() => checkAgentId(id)).toThrow(/agent id/)
  })

  it("names a bridge agent by its source, refined by its agentId", () => {
    expect(bridgeAgentId("claude-code")).toBe("claude-code")
    expect(bridgeAgentId("codex", "worker-2")).toBe("codex.worker-2")
  })
})

describe("counting raw-log lines", () => {
  it("reads only what was appended since, and starts again for a new file", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsk-lines-"))
    try {
      const path = join(dir, "messages.jsonl")
      const count = createLineCounter()
      expect(count(path)).toBe(0)
      writeFileSync(path, "a\nb\n")
      expect(count(path)).toBe(2)
      appendFileSync(path, "c\ntorn")
      expect(count(path)).toBe(3)
      appendFileSync(path, "\n")
      expect(count(path)).toBe(4)
      rmSync(path)
      writeFileSync(path, "x\n")
      expect(count(path)).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
