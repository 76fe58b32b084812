import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, dropCommandFile, readOutboxFile, readTaskList, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import type { BridgeRunner } from "../../src/bridge/runner.ts"
import type { AgentResponse } from "../../src/bridge/protocol.ts"

let home: string
let cleanup: () => void
let runner: BridgeRunner

beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-bridge-bad-"))
  runner = startTestRunner(home)
})
afterEach(async () => {
  await runner.stop()
  cleanup()
})

function expectCleanMessage(response: AgentResponse): void {
  expect(response.status).toBe("error")
  expect(response.error).not.toMatch(/\n\s+at\s/)
  expect(response.error).not.toContain(home)
  expect(response.error).not.toMatch(/(^|\s)\/(tmp|home|Users|var)\//)
}

describe("bad input to the bridge", () => {
  it("moves an inbox file that is not JSON aside and answers it with an error naming the id it carried", async () => {
    writeInboxFile(home, '{"id": "broken-1", "command": "create", "payload": {"title": "x"')
    await runner.processNow()
    const answer = answerTo(home, "broken-1")
    expectCleanMessage(answer)
    expect(answer.error).toMatch(/^agent-inbox\.json is not valid JSON \(.+\); the file was moved to agent-inbox\.rejected\/.+/)
    const rejected = readdirSync(join(home, "agent-inbox.rejected"))
    expect(rejected).toHaveLength(1)
    expect(readFileSync(join(home, "agent-inbox.rejected", rejected[0]!), "utf8")).toContain('"broken-1"')
    expect(existsSync(join(home, "agent-inbox.json"))).toBe(false)
  })

  it("answers a broken file without a recognisable id under the name of the moved file", async () => {
    dropCommandFile(home, "001-bad.json", "not json at all")
    await runner.processNow()
    const [answer] = readOutboxFile(home)
    expect(answer!.commandId).toMatch(/^rejected:\d{14}-\d{6}-d-001-bad\.json$/)
    expect(answer!.error).toContain("agent-inbox.d/001-bad.json is not valid JSON")
  })

  it("answers an unknown command with the list of known ones and carries on with the next", async () => {
    writeInboxFile(home, [
      { id: "u1", command: "make-coffee", payload: {} },
      { id: "u2", command: "create", payload: { title: "Still works" } },
    ])
    await runner.processNow()
    const unknown = answerTo(home, "u1")
    expectCleanMessage(unknown)
    expect(unknown.error).toMatch(/^unknown command 'make-coffee'\. Known commands: create, create-subtask, /)
    expect(answerTo(home, "u2").status).toBe("ok")
    expect(readTaskList(home).map((t) => t.title)).toEqual(["Still works"])
  })

  it("answers wrong payload types and misspelt fields with the field that is wrong", async () => {
    writeInboxFile(home, [
      { id: "w1", command: "create", payload: { title: 42 } },
      { id: "w2", command: "create", payload: { title: "ok", priority: "extreme" } },
      { id: "w3", command: "create", payload: { titel: "typo" } },
      { id: "w4", command: "complete", payload: {} },
      { id: "w5", command: "query", payload: { limit: "ten" } },
      { id: "w6", command: "create", payload: { title: "x", dueDate: "someday" } },
    ])
    await runner.processNow()
    for (const id of ["w1", "w2", "w3", "w4", "w5", "w6"]) expectCleanMessage(answerTo(home, id))
    expect(answerTo(home, "w1").error).toMatch(/^invalid payload for 'create': title: /)
    expect(answerTo(home, "w2").error).toMatch(/priority: /)
    expect(answerTo(home, "w3").error).toMatch(/titel/)
    expect(answerTo(home, "w4").error).toMatch(/taskId/)
    expect(answerTo(home, "w5").error).toMatch(/limit/)
    expect(answerTo(home, "w6").error).toMatch(/someday/)
    expect(readTaskList(home)).toEqual([])
  })

  it("answers commands that are not objects or lack a command name, each under its own id", async () => {
    writeInboxFile(home, ["just a string", 7, null, { id: "n1" }, { id: "n2", command: "list", payload: [] }])
    await runner.processNow()
    const answers = readOutboxFile(home)
    expect(answers).toHaveLength(5)
    expect(answers.every((a) => a.status === "error")).toBe(true)
    expect(answers[0]!.error).toMatch(/must be a JSON object/)
    expect(answerTo(home, "n1").error).toMatch(/command is required/)
    expect(answerTo(home, "n2").error).toMatch(/payload must be a JSON object/)
    expect(new Set(answers.map((a) => a.commandId)).size).toBe(5)
  })

  it("refuses a command over 1 MiB and still runs the small one beside it", async () => {
    writeInboxFile(home, [
      { id: "big", command: "create", payload: { title: "big", description: "x".repeat(1_100_000) } },
      { id: "small", command: "create", payload: { title: "small" } },
    ])
    await runner.processNow()
    expect(answerTo(home, "big").error).toMatch(/^command is too large \(\d+ bytes; the limit is 1048576 bytes\)$/)
    expect(answerTo(home, "small").status).toBe("ok")
  })

  it("moves an inbox file over 16 MiB aside unread", async () => {
    dropCommandFile(home, "huge.json", JSON.stringify({ id: "huge", command: "create", payload: { title: "h", description: "y".repeat(17 * 1024 * 1024) } }))
    await runner.processNow()
    const [answer] = readOutboxFile(home)
    expect(answer!.error).toMatch(/^agent-inbox\.d\/huge\.json is too large \(\d+ bytes; the limit is 16777216 bytes\); the file was moved to agent-inbox\.rejected\//)
    expect(readdirSync(join(home, "agent-inbox.rejected"))).toHaveLength(1)
  })

  it("answers a task command with a clean error when tasks.json is corrupt, and leaves the file alone", async () => {
    writeFileSync(join(home, "tasks.json"), "{ corrupt")
    writeInboxFile(home, { id: "c1", command: "create", payload: { title: "x" } })
    await runner.processNow()
    const answer = answerTo(home, "c1")
    expectCleanMessage(answer)
    expect(answer.error).toMatch(/^tasks\.json is not valid JSON/)
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe("{ corrupt")
  })

  it("lets a corrected command reuse the id of one that was refused as invalid", async () => {
    writeInboxFile(home, { id: "fix-me", command: "create", payload: { title: "" } })
    await runner.processNow()
    expect(answerTo(home, "fix-me").status).toBe("error")
    writeInboxFile(home, { id: "fix-me", command: "create", payload: { title: "Fixed" } })
    await runner.processNow()
    const answers = readOutboxFile(home).filter((a) => a.commandId === "fix-me")
    expect(answers.map((a) => a.status)).toEqual(["error", "ok"])
  })

  it("moves a corrupt outbox aside instead of writing over it", async () => {
    writeFileSync(join(home, "agent-outbox.json"), "[{ not json")
    writeInboxFile(home, { id: "o1", command: "list" })
    await runner.processNow()
    expect(answerTo(home, "o1").status).toBe("ok")
    const aside = readdirSync(home).filter((n) => n.startsWith("agent-outbox.json.corrupt-"))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(home, aside[0]!), "utf8")).toBe("[{ not json")
  })
})
