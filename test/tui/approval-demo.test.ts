// The demo's scripted permission request: it waits for an answer like a real hook, and the agent
// then notes what the answer let it do.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { decideApproval, listApprovals } from "../../src/os/approval-actions.ts"
import { beatWatcher, removeWatcher } from "../../src/os/approval-files.ts"
import { APPROVAL_AGENT_STEPS, askPermission, DEMO_PERMISSION_COMMAND } from "../../src/tui/approval-demo-steps.ts"
import { prepareDemoHome } from "../../src/tui/demo-home.ts"
import { DEMO_STEPS, demoContext } from "../../src/tui/demo-script.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-approval-demo-")))
afterEach(() => {
  removeWatcher(home)
  cleanup()
})

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const inboxCommands = () => {
  try {
    return readdirSync(join(home, "agent-inbox.d")).map((name) => JSON.parse(readFileSync(join(home, "agent-inbox.d", name), "utf8")) as { command: string; payload: { content?: string } })
  } catch {
    return []
  }
}

describe("the demo's permission request", () => {
  it("is one of the demo's steps", () => {
    for (const step of APPROVAL_AGENT_STEPS) expect(DEMO_STEPS).toContain(step)
  })

  it("waits while the TUI watches, and the agent notes the answer it got", async () => {
    await prepareDemoHome(home, new Date(2026, 2, 10, 9, 0))
    beatWatcher(home)
    const asked = askPermission(demoContext(home))
    const request = await until(() => listApprovals(home).pending[0], "the demo's request")
    expect(request).toMatchObject({ tool: "Bash", summary: DEMO_PERMISSION_COMMAND, agent: "claude-code" })
    decideApproval(home, request.id, { behavior: "deny", message: "not before the freeze ends", by: "tui" })
    await asked
    const note = inboxCommands().find((c) => c.command === "add-note")
    expect(note?.payload.content).toBe("Did not run the tests: not before the freeze ends.")
  })
})
