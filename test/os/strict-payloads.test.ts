// Every os-* bridge command refuses a key it does not know (os-status, os-log, os-check and
// os-clear used to take any), as the task commands do: a misspelt field is reported, not ignored.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createOsBridgeCommands } from "../../src/os/bridge-commands.ts"
import { makeOsFixture, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(() => (fx = makeOsFixture()))
afterEach(() => fx.cleanup())

describe("os-* payloads", () => {
  it("refuse an unknown key on every command, naming it", () => {
    const commands = createOsBridgeCommands(fx.engine)
    expect(commands.length).toBeGreaterThan(10)
    for (const definition of commands) {
      const parsed = definition.payload.safeParse({ notAField: true })
      expect(parsed.success, definition.command).toBe(false)
      expect(JSON.stringify(parsed.error?.issues), definition.command).toContain("notAField")
    }
  })

  it("refuse an unknown key inside a plan task and a completed task's output", () => {
    const commands = new Map(createOsBridgeCommands(fx.engine).map((d) => [d.command, d]))
    expect(commands.get("os-plan")!.payload.safeParse({ dom: "core", goal: "g", tasks: [{ title: "t", colour: "red" }] }).success).toBe(false)
    expect(commands.get("os-complete")!.payload.safeParse({ taskId: "t1", output: { id: "a", dom: "core", loc: "x.ts", type: "code", extra: 1 } }).success).toBe(false)
  })
})
