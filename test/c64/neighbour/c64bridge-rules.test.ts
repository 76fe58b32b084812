// tsk's registry read and rewritten by c64bridge's own rules (the model in c64bridge-rules.ts),
// starting from a registry in c64bridge's documented format (test/fixtures/c64bridge/tasks.json).
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { copyFile, readFile } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { loadAsC64bridge, loadRules, persistRules } from "../helpers/c64bridge-rules.ts"

const FIXTURE = join(import.meta.dirname, "../../fixtures/c64bridge/tasks.json")

let fx: ServiceFixture
let registryFile: string
beforeEach(async () => {
  fx = await makeServiceFixture(Date.now())
  registryFile = join(fx.home, "tasks.json")
  await copyFile(FIXTURE, registryFile)
})
afterEach(() => fx.cleanup())

const registryIds = async () => (JSON.parse(await readFile(registryFile, "utf8")) as { tasks: Array<{ id: string }> }).tasks.map((t) => t.id)

describe("c64bridge's rules applied to tsk's registry", () => {
  it("the model reads the documented fixture as c64bridge does", async () => {
    const tasks = loadRules(await readFile(FIXTURE, "utf8"))
    expect([...tasks.keys()]).toEqual(["extract_sprites", "read"])
    expect(tasks.get("extract_sprites")!.type).toBe("background")
    expect(JSON.parse(persistRules(tasks)).tasks.map((t: { id: string }) => t.id)).toEqual(["0001_extract_sprites", "0002_read"])
  })

  it("lists every tsk task, and its write keeps them all, when tsk runs the same operation several times", async () => {
    await fx.service.run("read", { address: "$0400", length: 8 })
    await fx.service.run("read", { address: "$0400", length: 8 })
    const first = await fx.service.start("read", { address: "$0400", length: 8 }, { everyMs: 20, count: 2 })
    const second = await fx.service.start("read", { address: "$0500", length: 8 }, { everyMs: 20, count: 2 })
    await Promise.all([untilFinished(fx.service, first.id), untilFinished(fx.service, second.id)])
    const ids = await registryIds()
    expect(ids).toEqual(["0001_extract_sprites", "0002_read", "0003_read_2", "0004_read_3", "0005_read_4", "0006_read_5"])

    const c64bridge = await loadAsC64bridge(registryFile)
    expect([...c64bridge.tasks.values()].map((t) => t.id)).toEqual(ids)
    await c64bridge.persist()
    expect(await registryIds()).toEqual(ids)
  })
})
