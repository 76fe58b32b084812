import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { osCommand } from "../../src/cli/os-command.ts"
import { runCli } from "../../src/cli/run-cli.ts"
import type { CommandSpec } from "../../src/cli/command.ts"
import { annotatedCode, makeOsFixture, readState, snapshotRoot, type OsFixture } from "./os-helpers.ts"

const ROOT: CommandSpec = { name: "tsk", summary: "test root", usage: "tsk <command>", subcommands: [osCommand] }

let fx: OsFixture
beforeEach(() => {
  fx = makeOsFixture()
})
afterEach(() => fx.cleanup())

async function tsk(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ""
  let stderr = ""
  const code = await runCli(ROOT, argv, { TSK_HOME: fx.home, NO_COLOR: "1" }, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stdoutIsTTY: false })
  return { code, stdout, stderr }
}

async function json<T = Record<string, unknown>>(...argv: string[]): Promise<T> {
  const result = await tsk(...argv, "--json")
  expect(result.code, result.stdout + result.stderr).toBe(0)
  return JSON.parse(result.stdout) as T
}

describe("tsk os", () => {
  it("walks a plan from the command line, in text", async () => {
    expect((await tsk("os", "analyze", "Add", "a", "CSV", "export")).stdout).toBe("Phase A (ANALYZE): Add a CSV export\n")
    const plan = await tsk("os", "plan", "--dom", "export", "--goal", "CSV", "--tasks", '[{"id":"writer","title":"Write it"},{"title":"Document it"}]')
    expect(plan.stdout).toContain("Phase B (BLUEPRINT): plan p1 written")
    expect(plan.stdout).toContain("· writer  Write it")
    expect((await tsk("os", "next")).stdout).toBe("Phase C (CONSTRUCT): task writer: Write it\n")
    const file = join(fx.workspace, "csv.ts")
    writeFileSync(file, "export const csv = 1\n")
    const complete = await tsk("os", "complete", "writer", "--artifact", "csv-writer", "--dom", "export", "--loc", "csv.ts", "--type", "code", "--dep", "row,format", "--cwd", fx.workspace)
    expect(complete.stdout).toBe("Phase V (VALIDATE): task writer → artifact csv-writer (code)\n")
    const rejected = await tsk("os", "validate")
    expect(rejected.code).toBe(1)
    expect(rejected.stdout).toContain("  - no 'Depends on: [row, format]' line")
    writeFileSync(file, annotatedCode(["row", "format"]))
    await tsk("os", "complete", "writer", "--cwd", fx.workspace, "--output", JSON.stringify({ id: "csv-writer", dom: "export", loc: file, type: "code", dep: ["row", "format"] }))
    const accepted = await tsk("os", "validate")
    expect(accepted).toMatchObject({ code: 0, stdout: "validated csv-writer (phase C)\n" })
    const status = await tsk("os", "status")
    expect(status.stdout).toMatch(/Phase {2}\s*A\s+B\s+\[C\]\s+V\s+I\s+CONSTRUCT/)
    expect(status.stdout).toContain("✓ writer  Write it  → csv-writer  retries 1/3")
  })

  it("prints the engine's data with --json", async () => {
    await json("os", "analyze", "goal")
    const data = await json<{ phase: string; plan: { tasks: Array<{ id: string }> } }>("os", "plan", "--dom", "d", "--goal", "g", "--tasks", '[{"title":"a"},{"title":"b"}]')
    expect(data.phase).toBe("B")
    expect(data.plan.tasks.map((task) => task.id)).toEqual(["t1", "t2"])
    const status = await json<{ phase: string; state: string; summary: string }>("os", "status")
    expect(status).toMatchObject({ phase: "B", state: "READY", summary: "phase B: plan p1 (0/2 tasks done)" })
  })

  it("reads a whole plan from --file", async () => {
    const file = join(fx.home, "plan.json")
    writeFileSync(file, JSON.stringify({ id: "release", dom: "ops", goal: "Ship 1.0", tasks: [{ title: "Tag" }] }))
    await tsk("os", "analyze", "ship")
    const data = await json<{ plan: { id: string; goal: string } }>("os", "plan", "--file", file)
    expect(data.plan).toMatchObject({ id: "release", goal: "Ship 1.0" })
  })

  it("answers bad input with exit 4 and a clear message, writing nothing", async () => {
    await tsk("os", "analyze", "goal")
    const before = snapshotRoot(fx.root)
    const cases: Array<[string[], RegExp]> = [
      [["os", "plan", "--dom", "d", "--goal", "g", "--tasks", "[oops"], /--tasks is not valid JSON/],
      [["os", "plan", "--dom", "d", "--goal", "g"], /the plan's tasks are required/],
      [["os", "plan", "--goal", "g", "--tasks", '[{"title":"a"}]'], /os-plan: dom: /],
      [["os", "complete"], /a task id is required/],
      [["os", "complete", "t1"], /the task's output is required/],
      [["os", "fail", "t1"], /a task id and an error are required/],
      [["os", "issue"], /a message is required/],
      [["os", "resolve"], /an issue id is required/],
      [["os", "log", "--limit", "many"], /--limit must be a whole number/],
      [["os", "analyze"], /a goal is required/],
      [["os", "status", "--bogus"], /Unknown option '--bogus'/],
    ]
    for (const [argv, message] of cases) {
      const result = await tsk(...argv)
      expect(result.code, argv.join(" ")).toBe(4)
      expect(result.stderr, argv.join(" ")).toMatch(message)
    }
    expect(snapshotRoot(fx.root)).toEqual(before)
  })

  it("reports errors as JSON under --json", async () => {
    const result = await tsk("os", "next", "--json")
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: "invalid", message: expect.stringMatching(/cannot move to the next task in phase I/) } })
  })

  it("exits 1 from check while problems are left, and 0 once repaired", async () => {
    await json("os", "status")
    writeFileSync(join(fx.root, "registry_summary.json"), "{}")
    const found = await tsk("os", "check")
    expect(found.code).toBe(1)
    expect(found.stdout).toMatch(/run 'tsk os check --repair'/)
    expect((await tsk("os", "check", "--repair")).code).toBe(0)
    expect((await tsk("os", "check")).stdout).toMatch(/✓ consistent/)
  })

  it("clears a blocked state", async () => {
    await json("os", "status")
    writeFileSync(join(fx.root, "state.json"), JSON.stringify({ ...readState(fx), st: "BLK_SUM", err: "summary moved" }))
    expect((await tsk("os", "analyze", "goal")).stderr).toMatch(/the agent state is BLK_SUM \(summary moved\)/)
    expect((await tsk("os", "clear")).stdout).toBe("Cleared BLK_SUM; state is now READY\n")
    expect((await tsk("os", "clear")).stdout).toBe("Nothing to clear: state is READY\n")
  })

  it("has help with examples for every subcommand", async () => {
    for (const sub of osCommand.subcommands!) {
      const help = await tsk("os", sub.name, "--help")
      expect(help.stdout, sub.name).toContain(`Usage: tsk os ${sub.name}`)
      expect(help.stdout, sub.name).toContain("Examples:")
    }
    expect((await tsk("os", "--help")).stdout).toContain("analyze")
  })

  it("takes its root from config os.root", async () => {
    writeFileSync(join(fx.home, "config.json"), JSON.stringify({ os: { root: "elsewhere" } }))
    const status = await json<{ root: string }>("os", "status")
    expect(status.root).toBe(join(fx.home, "elsewhere"))
  })
})
