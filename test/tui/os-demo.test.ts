import { afterEach, describe, expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { osRunnerService } from "../../src/bridge/default-services.ts"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import { createOsBridgeCommands, createOsEngine, resolveOsSettings } from "../../src/os/index.ts"
import { DEMO_STEPS, demoContext, runDemoScript, type DemoContext } from "../../src/tui/demo-script.ts"
import { DEMO_PLAN_ID, DEMO_SESSION_ID, OS_AGENT_STEPS } from "../../src/tui/os-demo-steps.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempHome(): string {
  const { home, cleanup } = makeTempHome("tsk-os-demo-")
  cleanups.push(cleanup)
  return home
}

/** A demo context whose commands go straight to the os-* bridge commands of a real engine. */
function directContext(home: string) {
  const engine = createOsEngine(resolveOsSettings(home))
  const commands = new Map(createOsBridgeCommands(engine).map((definition) => [definition.command, definition]))
  const answers: Array<{ command: string; data: unknown }> = []
  const ctx: DemoContext = {
    home,
    async send(command, payload) {
      const definition = commands.get(command)
      if (!definition) throw new Error(`the demo sent ${command}, which is not an os-* command`)
      answers.push({ command, data: await definition.run(definition.payload.parse(payload)) })
    },
    taskId: async () => {
      throw new Error("the os steps name no tsk task")
    },
  }
  return { engine, ctx, answers }
}

describe("the demo agent's walk through the operating state", () => {
  it("goes through every phase, is rejected once by VALIDATE, and ends in IDLE with one retry recorded", async () => {
    const home = tempHome()
    const { engine, ctx, answers } = directContext(home)
    await engine.start()
    const phases: string[] = []
    for (const step of [...OS_AGENT_STEPS].sort((a, b) => a.atMs - b.atMs)) {
      await step.run(ctx)
      phases.push((await engine.status()).phase)
    }
    expect(phases.filter((phase, i) => phase !== phases[i - 1])).toEqual(["A", "B", "C", "V", "C", "V", "C", "V", "C", "V", "I"])
    const validations = answers.filter((a) => a.command === "os-validate").map((a) => a.data as { ok: boolean; retries: number })
    expect(validations.map((v) => v.ok)).toEqual([false, true, true, true])
    expect(validations[0]!.retries).toBe(1)
    const status = await engine.status({ logLines: 50 })
    expect(status).toMatchObject({ phase: "I", state: "READY", retries: { writer: 1 } })
    expect(status.plan).toMatchObject({ id: DEMO_PLAN_ID, done: 3, total: 3 })
    expect(status.plan!.tasks.map((t) => `${t.id} ${t.state} ${t.retries} ${t.artifact}`)).toEqual([
      "writer done 1 csv-writer",
      "command done 0 export-command",
      "docs done 0 export-docs",
    ])
    expect(status.log.filter((line) => line.L === "W").map((line) => line.msg)).toEqual([expect.stringMatching(/^validation rejected artifact csv-writer \(retry 1\/3\): no purpose statement/)])
  })

  it("reports a Claude Code session through the hook: working, then needs input, then idle", async () => {
    const home = tempHome()
    const { engine, ctx } = directContext(home)
    await engine.start()
    const seen: string[] = []
    for (const step of [...OS_AGENT_STEPS].sort((a, b) => a.atMs - b.atMs)) {
      await step.run(ctx)
      const status = (await engine.status()).sessions.find((s) => s.id === DEMO_SESSION_ID)?.status
      if (status && status !== seen.at(-1)) seen.push(status)
    }
    expect(seen).toEqual(["working", "needs_input", "working", "idle"])
    expect(readFileSync(join(resolveOsSettings(home).root, "session_log.jsonl"), "utf8")).toContain("Claude needs your permission to use Edit")
  })

  it("spaces its steps a few seconds apart so a person can follow, and the whole demo stays under 90 s", () => {
    const times = OS_AGENT_STEPS.map((step) => step.atMs).sort((a, b) => a - b)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2500)
    expect(Math.max(...DEMO_STEPS.map((step) => step.atMs))).toBeLessThan(90_000)
    expect(DEMO_STEPS).toEqual(expect.arrayContaining([...OS_AGENT_STEPS]))
  })

  it("drives a real runner through the inbox to IDLE", async () => {
    const home = tempHome()
    const runner: BridgeRunner | null = startBridgeRunner({ home, pollIntervalMs: 50, services: [osRunnerService()] })
    expect(runner).not.toBeNull()
    cleanups.push(() => runner!.stop())
    await runner!.ready
    const outcomes: string[] = []
    runner!.onEvent((event) => outcomes.push(`${event.command} ${event.status}`))
    const speed = 20
    const stop = runDemoScript(OS_AGENT_STEPS, demoContext(home), { speed })
    cleanups.push(stop)
    const engine = createOsEngine(resolveOsSettings(home))
    // The runner reports a command after its answer is durable, which may be a moment after the
    // state file shows its effect: wait for every answer, then look at the state.
    await expect.poll(() => outcomes.filter((outcome) => outcome.startsWith("os-")).length, { timeout: 60_000, interval: 50 }).toBe(OS_AGENT_STEPS.length - 2)
    expect((await engine.status()).plan?.done).toBe(3)
    expect((await engine.status()).phase).toBe("I")
    expect(outcomes.every((outcome) => outcome.endsWith(" ok"))).toBe(true)
  })
})
