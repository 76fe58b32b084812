import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { spawnServe, type ServeProcess } from "./bridge-helpers.ts"
import { handC64StartToRunner } from "../../src/bridge/c64-start-handoff.ts"
import { sendAgentCommand } from "../../src/bridge/send-command.ts"
import type { CommandContext } from "../../src/cli/command.ts"

let home: string
let cleanup: () => void
let serve: ServeProcess | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-c64-handoff-")))
afterEach(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill("SIGTERM")
    await serve.exited
  }
  serve = null
  cleanup()
})

const contextFor = (): CommandContext => ({ home, env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") } }) as unknown as CommandContext
const request = { operation: "read", args: { address: "$0400", length: 8 }, everyMs: 200, count: 50 }

describe("handing tsk c64 start to the runner", () => {
  it("leaves the start to the CLI when no runner is up", async () => {
    expect(await handC64StartToRunner(request, contextFor())).toBeNull()
  })

  it("starts the background task in the runner process and returns it", async () => {
    serve = await spawnServe(home)
    const handed = await handC64StartToRunner(request, contextFor())
    expect(handed).toMatchObject({ task: { operation: "read", type: "background", status: "running", intervalMs: 200, maxIterations: 50 }, runner: `pid ${serve.child.pid}` })
    const { response } = await sendAgentCommand(home, { command: "c64-list" })
    const [task] = response.data as Array<{ id: string; owner?: { pid: number } }>
    expect(task!.id).toBe(handed!.task.id)
    expect(task!.owner?.pid).toBe(serve.child.pid)
  })
})
