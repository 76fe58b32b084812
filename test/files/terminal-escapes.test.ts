// Stored text never carries a raw control byte to the terminal: ESC, BEL and an OSC title sequence
// planted where agents, hooks and hand edits put text (a session id, a prompt, a fact, a memory
// message, a task edited by hand) are fed through every command that prints stored text, run as
// real processes; each prints them as visible escapes (`\x1b]0;…\x07`), never raw.
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

const OSC = "\u001b]0;pwned\u0007"
const HOSTILE = `${OSC}\u001b[2J\u0007\u009b31m`
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
const TASK_ID = "00000000-0000-4000-8000-000000000001"

let home: string
let cleanup: () => void

beforeAll(() => {
  ;({ home, cleanup } = makeTempHome("tsk-escapes-"))
  // A task edited by hand, around tsk's write paths (which strip controls).
  const task = makeTask({ id: TASK_ID, title: `Title ${HOSTILE}`, description: `Body ${HOSTILE}`, project: `p${OSC}`, tags: [`t${OSC}`], notes: [{ id: "n1", content: `Note ${HOSTILE}`, createdAt: "2026-01-01T00:00:00.000Z", source: `s${OSC}` }] })
  writeFileSync(join(home, "tasks.json"), JSON.stringify({ version: 1, revision: 1, tasks: [task] }))
  // A hook event with an OSC sequence in its session id, prompt and folder.
  const hook = runTsk(home, ["hook"], {}, JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: `sess${OSC}`, prompt: `Prompt ${HOSTILE}`, cwd: `/w${OSC}` }))
  expect(hook.code).toBe(0)
  // Facts and messages an agent sent.
  const send = (command: string, payload: unknown) => expect(runTsk(home, ["agent", "send", JSON.stringify({ command, payload })]).code).toBe(0)
  send("memory-remember", { agentId: "agent-1", key: `key${OSC}`, value: `value ${HOSTILE}` })
  send("memory-append", { agentId: "agent-1", message: { role: "user", content: `Message ${HOSTILE}` } })
  runTsk(home, ["os", "analyze", `Goal ${HOSTILE}`])
})
afterAll(() => cleanup())

const COMMANDS: string[][] = [
  ["list", "--all"],
  ["show", TASK_ID.slice(0, 8)],
  ["next"],
  ["ready"],
  ["stats"],
  ["projects"],
  ["tags"],
  ["export", "--format", "md"],
  ["export", "--format", "csv"],
  ["export"],
  ["os", "status"],
  ["os", "log"],
  ["memory", "list"],
  ["memory", "show", "agent-1"],
  ["memory", "restore", "agent-1", "--markdown"],
  ["memory", "restore", "agent-1"],
  ["checkpoint", "create"],
  ["checkpoint", "show"],
  ["agent", "outbox"],
  ["doctor"],
  ["prime"],
]

describe("no raw control byte reaches stdout", () => {
  it.each(COMMANDS.map((c) => [c.join(" "), c]))("tsk %s", (_, args) => {
    for (const json of [false, true]) {
      const result = runTsk(home, json ? [...(args as string[]), "--json"] : (args as string[]))
      expect(result.stdout).not.toMatch(RAW_CONTROL)
      expect(result.stderr).not.toMatch(RAW_CONTROL)
    }
  })

  it.each([
    [["os", "status"], "/w\\x1b]0;pwned\\x07"],
    [["memory", "show", "agent-1"], "\\x1b]0;pwned\\x07"],
    [["memory", "restore", "agent-1", "--markdown"], "Message \\x1b]0;pwned\\x07"],
    [["list", "--all"], "Title \\x1b]0;pwned\\x07"],
  ])("tsk %s shows the planted sequence as visible escapes", (args, shown) => {
    expect(runTsk(home, args).stdout).toContain(shown)
  })

  it("keeps tsk's own colours when colour is on, and escapes the planted ones", () => {
    const result = runTsk(home, ["list", "--all"], { NO_COLOR: undefined, FORCE_COLOR: "1" })
    expect(result.stdout).toContain("\u001b[2m00000000\u001b[22m")
    expect(result.stdout).toContain("Title \\x1b]0;pwned\\x07\\x1b[2J\\x07\\x9b31m")
    expect(result.stdout.replace(/\u001b\[(?:1|2|22|3[1-6]|39)m/g, "")).not.toMatch(RAW_CONTROL)
  })
})
