// A stop from any surface (the CLI opens its own service; the bridge and MCP call the runner's)
// leaves task.json, result.json, the registry and the samples agreeing on the count and status.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import type { C64Service } from "../../../src/c64/c64-service.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture(Date.now())
})
afterEach(() => fx.cleanup())

const json = async (path: string) => JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>

async function stateOf(folder: string, id: string) {
  const registry = (await json(join(fx.home, "tasks.json"))) as { tasks: Array<Record<string, unknown>> }
  const entry = registry.tasks.find((t) => t.id === id)!
  const taskJson = await json(join(fx.home, folder, "task.json"))
  const result = await json(join(fx.home, folder, "result.json"))
  const samples = (await readFile(join(fx.home, folder, "samples.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { i: number })
  return {
    registry: [entry.status, entry.iterations],
    taskJson: [taskJson.status, taskJson.iterations],
    result: [result.status, result.iterations],
    samples: ["stopped", samples.length],
    lastSample: samples.at(-1)!.i,
  }
}

const iterations = (service: C64Service, id: string, n: number) =>
  new Promise<void>((resolve) => {
    const off = service.onEvent((e) => {
      if (e.task.id === id && e.type === "iteration" && (e.task.iterations ?? 0) >= n) {
        off()
        resolve()
      }
    })
  })

describe("stopping a background task", () => {
  it("from the process running it: registry, task.json, result.json and samples agree", async () => {
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 15 })
    await iterations(fx.service, task.id, 8)
    const { task: stopped } = await fx.service.stop(task.id)
    const state = await stateOf(task.folder, task.id)
    expect(state.registry).toEqual(["stopped", stopped.iterations])
    expect(state.taskJson).toEqual(state.registry)
    expect(state.result).toEqual(state.registry)
    expect(state.samples).toEqual(state.registry)
    expect(state.lastSample).toBe(stopped.iterations)
  })

  it("from another process (the CLI) while the runner samples: all four agree once the runner has seen the stop", async () => {
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 15 })
    await iterations(fx.service, task.id, 8)
    const seen = untilFinished(fx.service, task.id, 20_000)
    const cli = await fx.reopen()
    const { stopped } = await cli.stop(task.id)
    expect(stopped).toBe(true)
    expect((await seen).type).toBe("stopped")

    const state = await stateOf(task.folder, task.id)
    expect(state.registry[0]).toBe("stopped")
    expect(state.taskJson).toEqual(state.registry)
    expect(state.result).toEqual(state.registry)
    expect(state.samples).toEqual(state.registry)
  })
})
