// Errors an agent can act on: an os command's error response carries the error's kind and the
// state the agent operating state is in afterwards, in `data` (`{ kind, state, phase }`).
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runDefinition } from "../../src/bridge/command-execution.ts"
import type { Slot } from "../../src/bridge/claim-plan.ts"
import { osRunnerService } from "../../src/bridge/default-services.ts"
import { createOsBridgeCommands } from "../../src/os/bridge-commands.ts"
import { answerTo, startTestRunner, writeInboxFile } from "../bridge/bridge-helpers.ts"
import { makeOsFixture, readState, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(() => {
  fx = makeOsFixture()
})
afterEach(() => fx.cleanup())

/** What the runner does with one command: run its definition and shape the response. */
async function respond(engine: OsFixture["engine"], command: string, payload: Record<string, unknown> = {}) {
  const definition = createOsBridgeCommands(engine).find((d) => d.command === command)!
  const slot = { kind: "run", index: 0, ref: "t", subject: command, command: { id: `id-${command}`, timestamp: "t", source: "custom", command, payload }, definition, payload: definition.payload.parse(payload), task: false }
  return (await runDefinition(slot as Extract<Slot, { kind: "run" }>, () => "2026-05-01T10:00:00.000Z")).response
}

describe("os error responses", () => {
  it("carry conflict and BLK_CON when another process moved state.json on", async () => {
    await fx.engine.status()
    const racing = fx.engineWith({
      beforeCommit: () => writeFileSync(join(fx.root, "state.json"), JSON.stringify({ ...readState(fx), v: readState(fx).v + 1 })),
    })
    const response = await respond(racing, "os-analyze", { goal: "g" })
    expect(response).toMatchObject({ status: "error", data: { kind: "conflict", state: "BLK_CON", phase: "I" } })
    expect(response.error).toMatch(/state\.json changed since it was read/)
  })

  it("carry the kind and the unchanged state of a refusal", async () => {
    expect(await respond(fx.engine, "os-next")).toMatchObject({ status: "error", data: { kind: "invalid", state: "READY", phase: "I" } })
  })

  it("carry conflict and BLK_MAX through a real runner once the retries are spent", async () => {
    writeFileSync(join(fx.home, "config.json"), JSON.stringify({ os: { maxRetries: 0 } }))
    const runner = startTestRunner(fx.home, { services: [osRunnerService()] })
    writeInboxFile(fx.home, [
      { id: "a", command: "os-analyze", payload: { goal: "g" } },
      { id: "p", command: "os-plan", payload: { dom: "d", goal: "g", tasks: [{ title: "t" }] } },
      { id: "n", command: "os-next", payload: {} },
      { id: "f1", command: "os-fail", payload: { taskId: "t1", error: "boom" } },
      { id: "f2", command: "os-fail", payload: { taskId: "t1", error: "boom" } },
    ])
    await runner.processNow()
    await runner.stop()
    expect(answerTo(fx.home, "f1")).toMatchObject({ status: "ok", data: { blocked: true, state: "BLK_MAX" } })
    expect(answerTo(fx.home, "f2")).toMatchObject({ status: "error", data: { kind: "conflict", state: "BLK_MAX", phase: "C" } })
  })

  it("carry corrupt and ERROR when an operation meets a damaged plan", async () => {
    await fx.engine.analyze({ goal: "g" })
    await fx.engine.plan({ dom: "d", goal: "g", tasks: [{ title: "t" }] })
    writeFileSync(join(fx.root, "plans/d/p1.json"), "{")
    expect(await respond(fx.engine, "os-next")).toMatchObject({ status: "error", data: { kind: "corrupt", state: "ERROR", phase: "B" } })
  })
})
