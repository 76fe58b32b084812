import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, writeInboxFile } from "./bridge-helpers.ts"
import { tuiBridgeStarter } from "../../src/bridge/tui-bridge.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import type { StartBridge } from "../../src/tui/agent-link.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-tui-bridge-")))
afterEach(() => cleanup())

describe("the bridge the TUI starts", () => {
  it("runs the task, c64 and os commands, keeps the TUI's store current, and lets a second TUI stand aside", async () => {
    const starter = tuiBridgeStarter({ ...process.env, C64BRIDGE_HOME: join(home, "c64bridge") })
    const start: StartBridge = starter // what startTui takes
    const store = createAppStore({ home })
    const runner = await starter({ home, store })
    expect(runner).not.toBeNull()
    expect(readRunnerStatus(home).running).toBe(true)
    const summaries: string[] = []
    runner!.onEvent((event) => summaries.push(event.summary))
    writeInboxFile(home, [
      { id: "t", command: "create", payload: { title: "Fix bug" } },
      { id: "c", command: "c64-list" },
      { id: "o", command: "os-status" },
    ])
    await runner!.processNow()
    expect(["t", "c", "o"].map((id) => answerTo(home, id).status)).toEqual(["ok", "ok", "ok"])
    expect(summaries[0]).toBe("created 'Fix bug'")
    expect(store.getState().tasks.map((t) => t.title)).toEqual(["Fix bug"])
    expect(await start({ home, store: createAppStore({ home }) })).toBeNull()
    await runner!.stop()
    expect(readRunnerStatus(home).running).toBe(false)
  })
})
