// No write follows a link planted inside TSK_HOME, run as real processes: appends to
// tasks.journal, an agent's messages.jsonl and facts.jsonl refuse a link in the file's place, and
// backups/, checkpoints/, os/, memory/agents/<id>/ and agent-inbox.d/ refuse a link in the
// folder's place, with an `io` error naming it. A home that is itself a link works as before.
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"

let home: string
let outside: string
let cleanups: Array<() => void> = []
beforeEach(() => {
  const a = makeTempHome("tsk-links-")
  const b = makeTempHome("tsk-outside-")
  home = a.home
  outside = b.home
  cleanups = [a.cleanup, b.cleanup]
})
afterEach(() => cleanups.forEach((c) => c()))

/** A file outside the home, and a link to it planted at `at` inside the home. */
function plantFile(at: string): string {
  const target = join(outside, "target")
  writeFileSync(target, "outside\n")
  mkdirSync(join(at, ".."), { recursive: true })
  symlinkSync(target, at)
  return target
}

/** A folder outside the home, and a link to it planted at `at` inside the home. */
function plantFolder(at: string): string {
  const target = join(outside, "folder")
  mkdirSync(target)
  mkdirSync(join(at, ".."), { recursive: true })
  symlinkSync(target, at)
  return target
}

const send = (command: string, payload: unknown) => runTsk(home, ["agent", "send", JSON.stringify({ command, payload }), "--json"])

function expectIoRefusal(result: { code: number; stdout: string; stderr: string }, named: string): void {
  expect(result.code).not.toBe(0)
  expect(`${result.stdout}${result.stderr}`).toContain(named)
  expect(`${result.stdout}${result.stderr}`).toMatch(/symbolic link; tsk does not write through links inside its home/)
}

describe("appends never follow a planted link", () => {
  it("refuses tasks.journal as a link: the outside file stays as it was", () => {
    runTsk(home, ["add", "First"])
    const target = plantFile(join(home, "tasks.journal"))
    const result = runTsk(home, ["add", "Second", "--json"])
    expectIoRefusal(result, "tasks.journal")
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: "io" } })
    expect(readFileSync(target, "utf8")).toBe("outside\n")
  })

  it.each([["messages.jsonl"], ["facts.jsonl"]])("refuses an agent's %s as a link", (file) => {
    const target = plantFile(join(home, "memory", "agents", "agent-1", file))
    const result =
      file === "facts.jsonl"
        ? send("memory-remember", { agentId: "agent-1", key: "colour", value: "blue" })
        : send("memory-append", { agentId: "agent-1", message: { role: "user", content: "hello" } })
    expectIoRefusal(result, file)
    expect(readFileSync(target, "utf8")).toBe("outside\n")
  })
})

describe("no new file lands in a planted folder link", () => {
  it("refuses backups/ as a link", () => {
    runTsk(home, ["add", "First"])
    rmSync(join(home, "backups"), { recursive: true, force: true })
    const target = plantFolder(join(home, "backups"))
    expectIoRefusal(runTsk(home, ["config", "set", "ui.theme", "light"]), "backups")
    expect(readdirSync(target)).toEqual([])
  })

  it("refuses checkpoints/ as a link", () => {
    const target = plantFolder(join(home, "checkpoints"))
    expectIoRefusal(runTsk(home, ["checkpoint", "create"]), "checkpoints")
    expect(readdirSync(target)).toEqual([])
  })

  it("refuses memory/agents/<id>/ as a link", () => {
    const target = plantFolder(join(home, "memory", "agents", "agent-1"))
    expectIoRefusal(send("memory-remember", { agentId: "agent-1", key: "k", value: 1 }), "memory/agents/agent-1")
    expect(readdirSync(target)).toEqual([])
  })

  it("refuses agent-inbox.d/ as a link", () => {
    const target = plantFolder(join(home, "agent-inbox.d"))
    expectIoRefusal(runTsk(home, ["agent", "send", JSON.stringify({ command: "list" }), "--json"]), "agent-inbox.d")
    expect(readdirSync(target)).toEqual([])
  })

  it("refuses os/ as a link", () => {
    const target = plantFolder(join(home, "os"))
    expectIoRefusal(runTsk(home, ["os", "analyze", "A goal"]), "os in")
    expect(readdirSync(target)).toEqual([])
  })
})

describe("a home that is itself a link", () => {
  it("works as before", () => {
    const real = join(outside, "real-home")
    mkdirSync(real)
    const linked = join(home, "linked-home")
    symlinkSync(real, linked)
    runTsk(linked, ["add", "Through the linked home"])
    expect(runTskJson<Array<{ title: string }>>(linked, ["list"]).map((t) => t.title)).toEqual(["Through the linked home"])
    expect(readdirSync(real)).toContain("tasks.json")
  })
})
