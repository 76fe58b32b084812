import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { BridgeCommandDefinition } from "../../src/domain/command-definition.ts"
import { createOsBridgeCommands } from "../../src/os/bridge-commands.ts"
import { annotatedCode, makeOsFixture, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
let commands: Map<string, BridgeCommandDefinition>
beforeEach(() => {
  fx = makeOsFixture()
  commands = new Map(createOsBridgeCommands(fx.engine).map((definition) => [definition.command, definition]))
})
afterEach(() => fx.cleanup())

/** What the runner does: validate the payload, run, describe. */
async function send(command: string, payload: unknown): Promise<{ data: unknown; line: string }> {
  const definition = commands.get(command)!
  const parsed = definition.payload.parse(payload)
  const data = await definition.run(parsed)
  return { data, line: definition.describe(parsed, data) }
}

describe("os-* bridge commands", () => {
  it("defines every os command", () => {
    expect([...commands.keys()]).toEqual([
      "os-status",
      "os-analyze",
      "os-plan",
      "os-next",
      "os-complete",
      "os-validate",
      "os-fail",
      "os-issue",
      "os-resolve",
      "os-log",
      "os-check",
      "os-clear",
      "os-abort",
    ])
  })

  it("drives a plan through every phase and describes each step in one line", async () => {
    const lines: string[] = []
    const step = async (command: string, payload: unknown = {}) => {
      const { data, line } = await send(command, payload)
      lines.push(line)
      return data
    }
    await step("os-analyze", { goal: "CSV export for reports" })
    await step("os-plan", { dom: "export", goal: "CSV", tasks: [{ id: "writer", title: "Write the CSV writer" }, { title: "Document it" }] })
    await step("os-next")
    writeWorkspaceFile(fx, "csv.ts", "export const csv = 1\n")
    await step("os-complete", { taskId: "writer", output: { id: "csv-writer", dom: "export", loc: "csv.ts", type: "code" } })
    await step("os-validate")
    await step("os-issue", { artifactId: "csv-writer", message: "any suppressed" })
    writeWorkspaceFile(fx, "csv.ts", annotatedCode([], ["ISS-1"]))
    await step("os-complete", { taskId: "writer", output: { id: "csv-writer", dom: "export", loc: "csv.ts", type: "code" } })
    await step("os-validate")
    await step("os-resolve", { issueId: "ISS-1" })
    await step("os-next")
    await step("os-fail", { taskId: "t1", error: "docs tool missing" })
    await step("os-check", { repair: false })
    await step("os-clear")
    const status = (await step("os-status")) as { phase: string; plan: { done: number } }
    expect(status).toMatchObject({ phase: "C", plan: { done: 1 } })
    expect(lines).toEqual([
      "phase A: analyze 'CSV export for reports'",
      "phase B: plan p1 (2 tasks)",
      "phase C: task writer 'Write the CSV writer'",
      "phase V: writer → artifact csv-writer",
      "rejected csv-writer: no purpose statement (a 'Purpose:' line or an opening comment) (retry 1/3)",
      "issue ISS-1 recorded on csv-writer",
      "phase V: writer → artifact csv-writer",
      "validated csv-writer (phase C)",
      "issue ISS-1 resolved",
      "phase C: task t1 'Document it'",
      "t1 failed (retry 1/3)",
      "check: consistent",
      "nothing to clear (BUSY)",
      "phase C: plan p1 (1/2 tasks done), task t1 [BUSY]",
    ])
    const log = await send("os-log", { limit: 3 })
    expect(log.line).toBe("3 log lines")
  })

  it("rejects bad payloads at the schema, before the engine runs, with the state they leave", async () => {
    const failures: Array<[string, unknown]> = [
      ["os-analyze", {}],
      ["os-plan", { dom: "core", goal: "g", tasks: [] }],
      ["os-complete", { taskId: "t1", output: { id: "a" } }],
      ["os-fail", { taskId: "t1" }],
      ["os-issue", { issueId: "ok" }],
      ["os-resolve", {}],
      ["os-log", { limit: -1 }],
      ["os-check", { repair: 1 }],
      ["os-status", { logLines: "all" }],
    ]
    for (const [command, payload] of failures) {
      const definition = commands.get(command)!
      const refused = await definition.run(definition.payload.parse(payload)).catch((error: unknown) => error)
      expect(refused, command).toMatchObject({ kind: "invalid", details: { state: "READY", phase: "I" } })
      expect((refused as Error).message, command).toMatch(new RegExp(`^invalid payload for '${command}': `))
    }
  })

  it("describes a validation that hits the retry limit as BLK_MAX", async () => {
    commands = new Map(createOsBridgeCommands(fx.engineWith({ maxRetries: 0 })).map((definition) => [definition.command, definition]))
    await send("os-analyze", { goal: "g" })
    await send("os-plan", { dom: "d", goal: "g", tasks: [{ title: "t" }] })
    await send("os-next", {})
    await send("os-complete", { taskId: "t1", output: { id: "a", dom: "d", loc: "missing.md", type: "doc" } })
    expect((await send("os-validate", {})).line).toBe("rejected a: artifact file not found: missing.md — BLK_MAX")
    expect((await send("os-clear", {})).line).toBe("cleared BLK_MAX → BUSY")
  })
})
