// The runner's registry heartbeat resumes a tsk task whose process is gone, and never takes a task
// of its own process that is under way (a foreground read waiting on the machine).
import { afterEach, beforeEach, expect, it } from "vitest"
import { readFile } from "node:fs/promises"
import { hostname } from "node:os"
import { join } from "node:path"
import { createC64Service } from "../../../src/c64/c64-service.ts"
import { createFakeBackend } from "../helpers/fake-backend.ts"
import { makeServiceFixture, type ServiceFixture } from "../helpers/service-fixture.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture(Date.now())
})
afterEach(() => fx.cleanup())

async function until(check: () => Promise<boolean> | boolean, what: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

const registry = async () => (JSON.parse(await readFile(join(fx.home, "tasks.json"), "utf8")) as { tasks: Array<{ id: string; type: string; status: string }> }).tasks

it("resumes a task of a dead process once a heartbeat, and leaves its own foreground read under way alone", async () => {
  const gated = createFakeBackend()
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const read = gated.read.bind(gated)
  gated.read = async (address, length) => {
    await gate
    return read(address, length)
  }
  const runner = await fx.reopen(gated)
  await runner.watchRegistry()
  const reading = runner.run("read", { address: "$0400", length: 4 })
  await until(async () => (await registry()).some((t) => t.type === "foreground" && t.status === "running"), "the foreground read registered")
  const foreground = (await registry()).find((t) => t.type === "foreground")!

  // A runner that is gone: a pid no process has, on this host.
  const gone = await createC64Service({ home: fx.home, backend: createFakeBackend(), owner: { pid: 2 ** 22 + 7, host: hostname() } })
  const orphan = await gone.start("read", { address: "$0400", length: 4 }, { everyMs: 50 })
  await gone.close()

  await until(() => runner.runningHere().includes(orphan.id), "the orphan resumed by the heartbeat")
  const log = await readFile(join(fx.home, "tasks", foreground.id, "log.txt"), "utf8")
  expect(log).not.toMatch(/re-run/)
  open()
  expect((await reading).task).toMatchObject({ id: foreground.id, status: "completed" })
  await runner.stop(orphan.id)
})
