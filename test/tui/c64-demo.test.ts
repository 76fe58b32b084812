import { afterEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { defaultRunnerServices } from "../../src/bridge/default-services.ts"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import type { RegistryFile } from "../../src/c64/state/task-schema.ts"
import { C64_AGENT_STEPS } from "../../src/tui/c64-demo-steps.ts"
import { prepareDemoHome } from "../../src/tui/demo-home.ts"
import { DEMO_STEPS, demoContext, runDemoScript } from "../../src/tui/demo-script.ts"
import { waitFor } from "../bridge/bridge-helpers.ts"
import { makeHome } from "./app-harness.tsx"

let runner: BridgeRunner | null = null
let home = ""
afterEach(async () => {
  await runner?.stop()
  runner = null
  rmSync(home, { recursive: true, force: true })
})

function registry(c64Home: string): RegistryFile["tasks"] {
  const path = join(c64Home, "tasks.json")
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as RegistryFile).tasks : []
}

describe("the demo's C64 agent", () => {
  it("is part of the demo", () => {
    for (const step of C64_AGENT_STEPS) expect(DEMO_STEPS).toContain(step)
  })

  it("starts background reads of the simulated machine's screen and sprites, and extracts its sprites, through the bridge", async () => {
    home = makeHome()
    await prepareDemoHome(home)
    const env = { C64BRIDGE_HOME: join(home, "c64bridge") }
    runner = startBridgeRunner({ home, pollIntervalMs: 50, services: defaultRunnerServices(env) })
    await runner!.ready
    const answers: string[] = []
    runner!.onEvent((event) => answers.push(`${event.status} ${event.command}`))
    const errors: unknown[] = []
    const stop = runDemoScript(C64_AGENT_STEPS, demoContext(home), { speed: 20, onError: (_, error) => errors.push(error) })
    await waitFor(() => answers.length === C64_AGENT_STEPS.length, 15_000, "every C64 step answered")
    await stop()
    expect(errors).toEqual([])
    expect(answers).toEqual(["ok c64-start", "ok c64-start", "ok c64-start", "ok c64-run"])
    const tasks = registry(env.C64BRIDGE_HOME)
    expect(tasks.map((t) => [t.name, t.operation, t.args.address ?? null])).toEqual([
      ["watch_screen", "read", "$0400"],
      ["sprite_positions", "read", "$D000"],
      ["pattern", "read", "$04C8"],
      ["extract_sprites_from_ram", "extract_sprites_from_ram", null],
    ])
    expect(tasks[3]?.status).toBe("completed")
    await waitFor(() => registry(env.C64BRIDGE_HOME).every((t) => t.type === "foreground" || (t.iterations ?? 0) >= 2), 10_000, "two samples of every read")
  })
})
