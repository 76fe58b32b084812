import { afterEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { defaultRunnerServices } from "../../src/bridge/default-services.ts"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import type { RegistryFile } from "../../src/c64/state/task-schema.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { agentToast } from "../../src/tui/agent-link.ts"
import { createC64Control, type C64Control } from "../../src/tui/c64-control.ts"
import { configurePoll, spawnServe, waitFor, type ServeProcess } from "../bridge/bridge-helpers.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** `pollMs`: the runners' poll interval (a runner this control starts must answer long before its poll). */
function setup(pollMs = 60_000) {
  const { home, cleanup } = makeTempHome("tsk-c64-control-")
  cleanups.push(cleanup)
  const env = { C64BRIDGE_HOME: join(home, "c64bridge") }
  configurePoll(home, pollMs)
  const control = createC64Control({ home, env })
  cleanups.push(() => control.close())
  return { home, env, control }
}

function registry(env: { C64BRIDGE_HOME: string }): RegistryFile["tasks"] {
  const path = join(env.C64BRIDGE_HOME, "tasks.json")
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as RegistryFile).tasks : []
}

const READ = { address: 0x0400, length: 16, everyMs: 100, count: null }

describe("starting C64 reads from the TUI", () => {
  it("takes the runner role when no runner is up, then starts the read on that runner", async () => {
    const { home, env, control } = setup()
    const outcome = await control.start(READ)
    expect(outcome).toMatchObject({ route: "took-role", runnerPid: process.pid, task: { id: "0001_read", status: "running", intervalMs: 100 } })
    expect(readRunnerStatus(home)).toMatchObject({ running: true, pid: process.pid })
    await waitFor(() => (registry(env)[0]?.iterations ?? 0) >= 2, 10_000, "two samples")
    await control.close()
    expect(readRunnerStatus(home).running).toBe(false)
  })

  it("hands the start to the runner this TUI already runs, without an agent toast for it", async () => {
    const { home, env, control } = setup(100)
    const runner = startBridgeRunner({ home, services: defaultRunnerServices(env) }) as BridgeRunner
    cleanups.push(() => runner.stop())
    await runner.ready
    const toasts: unknown[] = []
    runner.onEvent((event) => toasts.push(agentToast(event)))
    const outcome = await control.start(READ)
    expect(outcome).toMatchObject({ route: "this-tui", task: { id: "0001_read" } })
    // The runner reports a command after its answer is in the outbox.
    await waitFor(() => toasts.length === 1, 5000, "the runner's event")
    expect(toasts).toEqual([null])
  })

  it("hands the start to a runner in another process", async () => {
    const { home, control } = setup(100)
    let serve: ServeProcess | null = await spawnServe(home)
    cleanups.push(async () => {
      serve?.child.kill("SIGINT")
      await serve?.exited
    })
    const outcome = await control.start({ ...READ, count: 2 })
    expect(outcome).toMatchObject({ route: "runner", runnerPid: serve.child.pid, task: { id: "0001_read", maxIterations: 2 } })
    serve.child.kill("SIGINT")
    await serve.exited
    serve = null
  })

  it("refuses a bad read before anything is written", async () => {
    const { home, env, control } = setup()
    await expect(control.start({ address: 0xfff0, length: 256, everyMs: 1000, count: null })).rejects.toThrow("$FFF0 + 256 bytes runs past $FFFF")
    await expect(control.start({ ...READ, everyMs: -5 })).rejects.toThrow("the interval must be above 0 ms")
    expect(existsSync(join(home, "agent-inbox.d")) ? readdirSync(join(home, "agent-inbox.d")) : []).toEqual([])
    expect(existsSync(join(home, "runner.json"))).toBe(false)
    expect(registry(env)).toEqual([])
  })

  it("stops a task through the inbox even when no runner is up", async () => {
    const { home, env, control } = setup()
    const { task } = await control.start(READ)
    await control.close()
    const outcome = await createC64Control({ home, env }).stop(task.id)
    expect(outcome).toMatchObject({ stopped: true, task: { id: task.id, status: "stopped" } })
    expect(registry(env)[0]?.status).toBe("stopped")
    expect(readRunnerStatus(home).running).toBe(false)
  })
})
