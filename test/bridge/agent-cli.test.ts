import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn, spawnSync } from "node:child_process"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskAsync, runTskJson } from "../helpers/run-tsk.ts"
import { BUN, MAIN, configurePoll, dropCommandFile, killServe, readOutboxFile, readTaskList, spawnServe, waitFor, type ServeProcess } from "./bridge-helpers.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { agentSnippet } from "../../src/bridge/agent-snippet.ts"

let home: string
let cleanup: () => void
let serve: ServeProcess | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-agent-cli-")))
afterEach(async () => {
  await killServe(serve)
  serve = null
  cleanup()
})

describe("tsk agent send", () => {
  it("works without a runner: processes its own command in-process and prints the answer", () => {
    const result = runTsk(home, ["agent", "send", '{"command":"create","payload":{"title":"Fix bug","priority":"high"}}'])
    expect(result.code).toBe(0)
    const [task] = readTaskList(home)
    expect(result.stdout.trim()).toBe(`✓ Task created: Fix bug (id: ${task!.id.slice(0, 8)})`)
    expect(task).toMatchObject({ title: "Fix bug", priority: "high" })
    expect(readRunnerStatus(home).running).toBe(false)
  })

  it("is answered by the runner when one is up", async () => {
    configurePoll(home, 5000)
    serve = await spawnServe(home)
    const result = await runTskAsync(home, ["agent", "send", '{"command":"create","payload":{"title":"Via runner"}}'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^✓ Task created: Via runner \(id: [0-9a-f]{8}\)/)
    await waitFor(() => serve!.output().includes("Processing: create 'Via runner' → ok"), 5000, "the runner's log line")
    expect(readRunnerStatus(home).pid).toBe(serve.child.pid)
  })

  it("fills in id, timestamp and source, and prints the response under --json", () => {
    const response = runTskJson<{ commandId: string; status: string; data: { title: string } }>(home, ["agent", "send", '{"command":"create","payload":{"title":"J"}}'])
    expect(response).toMatchObject({ status: "ok", data: { title: "J" }, commandId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    const [answer] = readOutboxFile(home)
    expect(answer!.commandId).toBe(response.commandId)
  })

  it("exits with the CLI's code, ✗ and the reason when the command fails", () => {
    const result = runTsk(home, ["agent", "send", '{"command":"complete","payload":{"taskId":"nope"}}'])
    expect(result.code).toBe(2)
    expect(result.stdout.trim()).toBe("✗ complete: no task matches id 'nope' (not_found)")
  })

  it("prints the CLI's error object under --json when the command fails", () => {
    const result = runTsk(home, ["agent", "send", '{"id":"e1","command":"complete","payload":{"taskId":"nope"}}', "--json"])
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stdout)).toEqual({ error: { kind: "not_found", message: "no task matches id 'nope'", commandId: "e1" } })
  })

  it("refuses text that is not a JSON object with exit code 4", () => {
    const result = runTsk(home, ["agent", "send", "{not json"])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/the command is not valid JSON/)
    expect(runTsk(home, ["agent", "send", "[1,2]"]).code).toBe(4)
  })

  it("answers a reused id with the first answer without running it again", () => {
    runTsk(home, ["agent", "send", '{"id":"again","command":"create","payload":{"title":"Once"}}'])
    const second = runTsk(home, ["agent", "send", '{"id":"again","command":"create","payload":{"title":"Once"}}'])
    expect(second.code).toBe(0)
    expect(second.stdout).toMatch(/^✓ Task created: Once/)
    expect(readTaskList(home)).toHaveLength(1)
  })
})

describe("tsk agent start, status and stop", () => {
  it("reports a stopped bridge, then a running one with its poll interval and processed count", async () => {
    expect(runTsk(home, ["agent", "status"]).stdout.trim()).toBe("Agent bridge: stopped")
    configurePoll(home, 100)
    serve = await spawnServe(home)
    dropCommandFile(home, "1.json", { id: "s1", command: "list" })
    await waitFor(() => readRunnerStatus(home).processed === 1, 5000, "the heartbeat to count the command")
    expect(runTsk(home, ["agent", "status"]).stdout.split("\n")[0]).toBe("Agent bridge: running (poll: 100ms, processed: 1 command)")
  })

  it("runs in the foreground, logs each command, and stops when tsk agent stop asks from another process", async () => {
    const child = spawn(BUN, [MAIN, "agent", "start"], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" } })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve))
    await waitFor(() => out.includes("Agent bridge listening... (poll: 2s)"), 15_000, "the start line")
    expect(runTsk(home, ["agent", "start"])).toMatchObject({ code: 1, stderr: expect.stringMatching(/an agent bridge is already running \(pid \d+ on /) })
    const sent = runTsk(home, ["agent", "send", '{"command":"create","payload":{"title":"Fix login bug"}}'])
    expect(sent.code).toBe(0)
    await waitFor(() => out.includes("Processing: create 'Fix login bug' → ok"), 5000, "the processing line")
    const stopped = runTsk(home, ["agent", "stop"])
    expect(stopped.stdout.trim()).toBe(`Agent bridge stopped (pid ${child.pid})`)
    expect(await exited).toBe(0)
    expect(out).toContain("Agent bridge stopped (processed 1 command)")
    expect(runTsk(home, ["agent", "status"]).stdout.trim()).toBe("Agent bridge: stopped")
    expect(runTsk(home, ["agent", "stop"]).stdout.trim()).toBe("Agent bridge: not running")
  })

  it("lets a new runner take over at once from one killed with SIGKILL, and answer what was waiting", async () => {
    configurePoll(home, 60_000)
    serve = await spawnServe(home)
    serve.child.kill("SIGKILL")
    await serve.exited
    dropCommandFile(home, "left.json", { id: "left", command: "create", payload: { title: "Left behind" } })
    expect(readRunnerStatus(home)).toMatchObject({ running: false, stale: true })
    serve = await spawnServe(home)
    await waitFor(() => readOutboxFile(home).some((a) => a.commandId === "left"), 5000, "the waiting command's answer")
    expect(readTaskList(home).map((t) => t.title)).toEqual(["Left behind"])
  })
})

describe("tsk agent outbox, clear and snippet", () => {
  it("shows the last 10 answers and clears them", () => {
    for (let i = 0; i < 12; i++) runTsk(home, ["agent", "send", `{"id":"o${i}","command":"list"}`])
    const shown = runTsk(home, ["agent", "outbox"]).stdout.trim().split("\n")
    expect(shown).toHaveLength(10)
    expect(shown[0]).toMatch(/^✓ \d\d:\d\d:\d\d o2 +0 items$/)
    expect(runTsk(home, ["agent", "clear"]).stdout.trim()).toBe("✓ Outbox cleared (12 responses)")
    expect(runTsk(home, ["agent", "outbox"]).stdout.trim()).toBe("The outbox is empty.")
  })

  it("prints a CLAUDE.md section whose examples all work as printed", () => {
    const text = runTsk(home, ["agent", "snippet"]).stdout
    expect(text).toContain("## Task tracking with tsk")
    expect(text).toContain("Exit codes: 0 ok, 1 error, 2 not found, 3 ambiguous id, 4 invalid input.")
    expect(text).toBe(agentSnippet(home) + "\n")
    const task = runTskJson<{ id: string }>(home, ["add", "Existing"])
    const lines = [...text.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split("\n")).filter((l) => l.trim().length > 0)
    const script = lines.map((line) => line.replace(/^tsk /, `"${BUN}" "${MAIN}" `).replace(/ a1b2\b/g, ` ${task.id.slice(0, 6)}`).replace(/"taskId":"a1b2"/, `"taskId":"${task.id.slice(0, 6)}"`))
    const result = spawnSync("bash", ["-euo", "pipefail", "-c", script.join("\n")], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, encoding: "utf8" })
    expect(result.stderr).toBe("")
    expect(result.status).toBe(0)
    // The command dropped by the shell example waits in the inbox; the next send answers it too.
    expect(readOutboxFile(home).filter((a) => a.commandId.startsWith("fix-login-"))).toHaveLength(1)
    expect(readOutboxFile(home).every((a) => a.status === "ok")).toBe(true)
  })

  it("teaches a durable file recipe: the command is flushed before its rename and the folder after", () => {
    const lines = agentSnippet(home).split("\n")
    const move = lines.findIndex((l) => l.startsWith("mv ") && l.includes("agent-inbox.d/"))
    expect(move).toBeGreaterThan(0)
    expect(lines[move - 1]).toMatch(/^sync "[^"]*\.cmd-\$id\.tmp"/)
    expect(lines[move + 1]).toMatch(/^sync "[^"]*agent-inbox\.d"/)
  })

  it("prints the Claude Code hooks block with --hooks", () => {
    const parsed = JSON.parse(runTsk(home, ["agent", "snippet", "--hooks"]).stdout) as { hooks: Record<string, unknown> }
    expect(Object.keys(parsed.hooks)).toContain("PostToolUse")
  })
})
