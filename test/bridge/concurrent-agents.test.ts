import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, configurePoll, readOutboxFile, readTaskList, spawnServe, waitFor, type ServeProcess } from "./bridge-helpers.ts"
import { loadProcessedMemory } from "../../src/store/runner-processed-ids.ts"

let home: string
let cleanup: () => void
let serve: ServeProcess | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-agents-")))
afterEach(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill("SIGTERM")
    await serve.exited
  }
  serve = null
  cleanup()
})

function runAgent(agent: string, count: number, mode: "folder" | "file"): Promise<number | null> {
  const child = spawn(BUN, [join(import.meta.dirname, "fixtures", "agent-writer.ts"), home, agent, String(count), mode], { stdio: "inherit" })
  return new Promise((resolve) => child.on("exit", resolve))
}

describe("several agents writing at once", () => {
  it("answers every command of agents writing to the folder and the file exactly once while the runner processes", async () => {
    configurePoll(home, 100)
    serve = await spawnServe(home)
    // A person adding tasks from the CLI at the same time loses nothing either.
    const person = new Promise<number | null>((resolve) =>
      spawn(BUN, [join(import.meta.dirname, "..", "helpers", "add-worker.ts"), home, "cli", "20"], { stdio: "inherit" }).on("exit", resolve),
    )
    const agents = [
      runAgent("folder-a", 16, "folder"),
      runAgent("folder-b", 16, "folder"),
      runAgent("folder-c", 16, "folder"),
      runAgent("file-d", 16, "file"),
      runAgent("file-e", 16, "file"),
    ]
    expect(await Promise.all([...agents, person])).toEqual([0, 0, 0, 0, 0, 0])
    const expected = ["folder-a", "folder-b", "folder-c", "file-d", "file-e"].flatMap((agent) => Array.from({ length: 16 }, (_, i) => `${agent}-${i}`))
    await waitFor(() => readOutboxFile(home).length === expected.length, 20_000, "80 answers")
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId).sort()).toEqual([...expected].sort())
    expect(answers.every((a) => a.status === "ok")).toBe(true)
    const titles = readTaskList(home).map((t) => t.title)
    expect(titles.filter((t) => !t.startsWith("worker cli ")).sort()).toEqual(expected.map((id) => id.replace(/-(\d+)$/, " task $1")).sort())
    expect(titles.filter((t) => t.startsWith("worker cli "))).toHaveLength(20)
    // Each agent's commands ran in the order it wrote them.
    for (const agent of ["folder-a", "file-d"]) {
      const order = answers.filter((a) => a.commandId.startsWith(`${agent}-`)).map((a) => Number(a.commandId.split("-").pop()))
      expect(order).toEqual([...order].sort((x, y) => x - y))
    }
    expect((await loadProcessedMemory(home)).size).toBe(80)
    expect(serve.output()).not.toMatch(/error/i)
  })
})
