// Every os-* bridge command refuses a key it does not know (os-status, os-log, os-check and
// os-clear used to take any), as the task commands do: a misspelt field is reported, not ignored.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createOsBridgeCommands } from "../../src/os/bridge-commands.ts"
import type { BridgeCommandDefinition } from "../../src/domain/command-definition.ts"
import type { TskError } from "../../src/domain/errors.ts"
import { makeOsFixture, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(() => (fx = makeOsFixture()))
afterEach(() => fx.cleanup())

/** What the command does with `payload`: its refusal (kind, state, phase) or null when it ran. */
async function refusalOf(definition: BridgeCommandDefinition, payload: unknown): Promise<{ message: string; kind: string; state: unknown; phase: unknown } | null> {
  const parsed = definition.payload.safeParse(payload)
  if (!parsed.success) return { message: JSON.stringify(parsed.error.issues), kind: "invalid", state: undefined, phase: undefined }
  try {
    await definition.run(parsed.data)
    return null
  } catch (error) {
    const refused = error as TskError
    return { message: refused.message, kind: refused.kind, state: refused.details?.state, phase: refused.details?.phase }
  }
}

describe("os-* payloads", () => {
  it("refuse an unknown key on every command, naming it, with the agent's state", async () => {
    const commands = createOsBridgeCommands(fx.engine)
    expect(commands.length).toBeGreaterThan(10)
    for (const definition of commands) {
      const refusal = await refusalOf(definition, { notAField: true })
      expect(refusal, definition.command).not.toBeNull()
      expect(refusal!.message, definition.command).toContain("notAField")
      expect(refusal, definition.command).toMatchObject({ kind: "invalid", state: expect.any(String), phase: expect.any(String) })
    }
  })

  it("refuse an unknown key inside a plan task and a completed task's output", async () => {
    const commands = new Map(createOsBridgeCommands(fx.engine).map((d) => [d.command, d]))
    expect(await refusalOf(commands.get("os-plan")!, { dom: "core", goal: "g", tasks: [{ title: "t", colour: "red" }] })).toMatchObject({ kind: "invalid" })
    expect(await refusalOf(commands.get("os-complete")!, { taskId: "t1", output: { id: "a", dom: "core", loc: "x.ts", type: "code", extra: 1 } })).toMatchObject({ kind: "invalid" })
  })
})
