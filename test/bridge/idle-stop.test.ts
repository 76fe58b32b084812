// A runner started on demand stops by itself after runner.idleStopMinutes with no running C64
// task, no live client and no inbox traffic; one a live client uses stays up. Real processes.
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { stopRunner } from "../helpers/stop-runner.ts"
import { startMcp } from "../mcp/mcp-client.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { processIsAlive } from "../../src/store/process-alive.ts"
import { registerRunnerClient } from "../../src/store/runner-clients.ts"

let home: string
let cleanup: () => void
beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-idle-"))
  // 0.02 minutes: 1.2 seconds without anything to do.
  writeFileSync(join(home, "config.json"), JSON.stringify({ runner: { idleStopMinutes: 0.02 } }))
})
afterEach(async () => {
  await stopRunner(home)
  cleanup()
})

const until = async (condition: () => boolean, what: string, limitMs = 60_000) => {
  const deadline = Date.now() + limitMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe("a runner started on demand", () => {
  it("stops by itself once the MCP server that started it with a c64 call has exited", async () => {
    const mcp = await startMcp(home, ["--tools", "standard"])
    const screen = await mcp.client.callTool({ name: "c64_screen", arguments: {} })
    expect(screen.isError).toBeFalsy()
    const pid = readRunnerStatus(home).pid!
    expect(processIsAlive(pid)).toBe(true)
    await mcp.close()
    await until(() => !processIsAlive(pid), "the runner stopped")
    expect(readRunnerStatus(home).running).toBe(false)
  }, 120_000)

  it("stays up while a client process lives, and stops once it is gone", async () => {
    const client = spawn(BUN, ["-e", "setInterval(() => {}, 1000)"])
    try {
      await clientKeepsRunnerUp(client.pid!, () => client.kill())
    } finally {
      client.kill()
    }
  }, 120_000)
})

async function clientKeepsRunnerUp(clientPid: number, endClient: () => void): Promise<void> {
  {
    registerRunnerClient(home, clientPid)
    const serve = spawn(BUN, [MAIN, "serve", "--on-demand"], { env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") } })
    let out = ""
    serve.stdout.on("data", (chunk) => (out += chunk))
    const exited = new Promise<number>((resolve) => serve.on("close", (code) => resolve(code ?? -1)))
    await until(() => out.includes("runner up"), "the runner came up")
    // Well past the idle time, with the client alive: still up.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(processIsAlive(serve.pid!)).toBe(true)
    endClient()
    expect(await exited).toBe(0)
    expect(out).toContain("stopped (idle")
  }
}
