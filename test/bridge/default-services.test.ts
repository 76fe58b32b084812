import { afterEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { defaultRunnerServices } from "../../src/bridge/default-services.ts"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import { dropIntoInbox } from "../../src/bridge/inbox-claim.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { waitFor } from "./bridge-helpers.ts"

let runner: BridgeRunner | null = null
let cleanup = () => {}
afterEach(async () => {
  await runner?.stop()
  runner = null
  cleanup()
})

describe("the services a runner hosts", () => {
  it("keeps C64 task folders beside the registry that C64_TASK_STATE_FILE names", async () => {
    const temp = makeTempHome()
    cleanup = temp.cleanup
    const registryFile = join(temp.home, "elsewhere", "tasks.json")
    runner = startBridgeRunner({ home: temp.home, pollIntervalMs: 50, services: defaultRunnerServices({ C64_TASK_STATE_FILE: registryFile }) })
    await runner!.ready
    const answers: string[] = []
    runner!.onEvent((event) => answers.push(`${event.status} ${event.command}`))
    await dropIntoInbox(temp.home, "0001-r1.json", JSON.stringify({ id: "r1", command: "c64-run", payload: { operation: "read", args: { address: "$0400", length: 8 } } }))
    await waitFor(() => answers.length === 1, 10_000, "the c64-run answer")
    expect(answers).toEqual(["ok c64-run"])
    const [task] = (JSON.parse(readFileSync(registryFile, "utf8")) as { tasks: Array<{ folder: string }> }).tasks
    expect(existsSync(join(temp.home, "elsewhere", task!.folder, "task.json"))).toBe(true)
  })
})
