// A runner started in another folder (`tsk serve` with a different working folder) and agents
// that send os-* commands from their project: artifact paths resolve against the agent's project,
// the same as on the command line, and nothing outside the project is accepted or read.
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { AgentResponse } from "../../src/bridge/protocol.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { answerTo, dropCommandFile, killServe, waitFor } from "../bridge/bridge-helpers.ts"
import { annotatedCode } from "./os-helpers.ts"

let home: string
let cleanup: () => void
let project: string
let serve: { child: ChildProcess; exited: Promise<unknown> } | null = null

const env = () => ({ ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" })
const writeConfig = (os: Record<string, unknown> = {}) =>
  writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, integrations: { agent: { enabled: false, pollIntervalMs: 100 } }, os }))

beforeEach(async () => {
  ;({ home, cleanup } = makeTempHome("tsk-os-runner-"))
  project = join(home, "app")
  const elsewhere = join(home, "runner-folder")
  mkdirSync(project)
  mkdirSync(elsewhere)
  writeConfig()
  // The runner's working folder is not the agent's project.
  const child = spawn(BUN, [MAIN, "serve"], { cwd: elsewhere, env: env() })
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  serve = { child, exited: new Promise((resolve) => child.on("exit", resolve)) }
  await waitFor(() => readRunnerStatus(home).pid === child.pid && out.includes("runner up"), 20_000, "tsk serve")
})

afterEach(async () => {
  await killServe(serve)
  serve = null
  cleanup()
})

/** `tsk agent send` from the agent's project folder, as a separate process. */
function send(command: string, payload: Record<string, unknown> = {}, cwd = project): Promise<AgentResponse> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUN, [MAIN, "agent", "send", JSON.stringify({ command, payload }), "--json"], { cwd, env: env() })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out) as AgentResponse)
      } catch {
        reject(new Error(`no JSON answer: ${out}`))
      }
    })
  })
}

/** An agent that writes its command file itself (no `cwd` unless it adds one). */
async function drop(id: string, command: string, payload: Record<string, unknown>): Promise<AgentResponse> {
  dropCommandFile(home, `${id}.json`, { id, command, payload })
  await waitFor(() => {
    try {
      answerTo(home, id)
      return true
    } catch {
      return false
    }
  }, 15_000, `the answer to ${id}`)
  return answerTo(home, id)
}

async function walkToConstruct(): Promise<void> {
  expect((await send("os-analyze", { goal: "CSV export" })).status).toBe("ok")
  expect((await send("os-plan", { dom: "export", goal: "CSV", tasks: [{ id: "writer", title: "Write the CSV writer" }] })).status).toBe("ok")
  expect((await send("os-next")).status).toBe("ok")
}

describe("os-* commands under a runner started in another folder", () => {
  it("resolves loc against the agent's project: complete then validate passes, no retry counted", async () => {
    await walkToConstruct()
    writeFileSync(join(project, "csv.ts"), annotatedCode())
    const completed = await send("os-complete", { taskId: "writer", output: { id: "csv-writer", dom: "export", loc: "csv.ts", type: "code" } })
    expect(completed).toMatchObject({ status: "ok", data: { artifact: { loc: "csv.ts", root: project } } })
    const validated = await send("os-validate")
    expect(validated).toMatchObject({ status: "ok", data: { ok: true, retries: 0, planDone: true } })
  })

  it("refuses a relative loc from an agent that sends no folder, without counting a retry, and says what to send", async () => {
    await walkToConstruct()
    const answer = await drop("no-cwd", "os-complete", { taskId: "writer", output: { id: "csv-writer", dom: "export", loc: "csv.ts", type: "code" } })
    expect(answer).toMatchObject({ status: "error", data: { kind: "invalid", state: "BUSY", phase: "C" } })
    expect(answer.error).toMatch(/carries no project folder.*cwd.*os\.projectRoot/)
    const status = await send("os-status")
    expect(status).toMatchObject({ data: { retries: {}, phase: "C", state: "BUSY" } })
  })

  it("uses os.projectRoot for agents that send no folder, read afresh for the next command", async () => {
    await walkToConstruct()
    writeFileSync(join(project, "csv.ts"), annotatedCode())
    writeConfig({ projectRoot: project })
    const answer = await drop("configured", "os-complete", { taskId: "writer", output: { id: "csv-writer", dom: "export", loc: "csv.ts", type: "code" } })
    expect(answer).toMatchObject({ status: "ok", data: { artifact: { root: project } } })
    expect(await drop("validate", "os-validate", {})).toMatchObject({ status: "ok", data: { ok: true } })
  })

  it.each([["../../etc/passwd"], ["/etc/passwd"]])("refuses %s as an artifact: it is outside the project", async (loc) => {
    await walkToConstruct()
    // `agent send --json` answers a failure with the CLI's error object, the os state in its data.
    const answer = (await send("os-complete", { taskId: "writer", output: { id: "secret", dom: "export", loc, type: "data" } })) as unknown as {
      error: { kind: string; message: string; data: unknown }
    }
    expect(answer.error).toMatchObject({ kind: "invalid", data: { kind: "invalid", state: "BUSY" } })
    expect(answer.error.message).toMatch(/outside the project/)
  })
})
