import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { spawnSync } from "node:child_process"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { PROJECT_ROOT, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { makeBenchHome } from "../bench/tasks-bench.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"

let temp: ReturnType<typeof makeTempHome>
beforeEach(() => {
  temp = makeTempHome("tsk-prime-")
})
afterEach(() => temp.cleanup())

describe("tsk prime", () => {
  it("summarises in progress, ready and blocked work in markdown", async () => {
    await mutateTasks(temp.home, () => ({
      tasks: [
        makeTask({ id: "aaaa0001", title: "Blocker", status: "in_progress", priority: "urgent", order: 1 }),
        makeTask({ id: "aaaa0002", title: "Waits on the blocker", blockedBy: ["aaaa0001"], order: 2 }),
        makeTask({ id: "aaaa0003", title: "Low chore", priority: "low", order: 3 }),
        makeTask({ id: "aaaa0004", title: "Important \u001b[2Jthing", priority: "high", order: 4 }),
        makeTask({ id: "aaaa0005", title: "Finished", status: "done", order: 5 }),
      ],
      result: null,
    }))
    const { stdout, code } = runTsk(temp.home, ["prime"])
    expect(code).toBe(0)
    expect(stdout).toContain("## In progress (1)\n- `aaaa0001` Blocker (urgent) — nobody holds it")
    expect(stdout).toContain("- `aaaa0004` Important  [2Jthing (high)\n- `aaaa0003` Low chore (low)")
    expect(stdout).toContain("## Blocked (1)\n- `aaaa0002` Waits on the blocker — blocked by Blocker")
    expect(stdout).not.toContain("Finished")
    expect(stdout).not.toContain("\u001b")
    // The hints name commands that do what they say.
    expect(stdout).toContain("`tsk next --claim`")
    expect(stdout).toContain("`tsk claim <id>`")
  })

  it("shows who holds work in progress and for how long, in text and --json", async () => {
    await mutateTasks(temp.home, () => ({ tasks: [makeTask({ id: "bbbb0001", title: "Shared work", order: 1 })], result: null }))
    runTsk(temp.home, ["claim", "bbbb0001", "--ttl", "45m"], { TSK_AGENT: "claude-code-3f9a1c" })
    expect(runTsk(temp.home, ["prime"]).stdout).toMatch(/- `bbbb0001` Shared work — held by claude-code-3f9a1c \(4\dm left\)/)
    const data = runTskJson<{ inProgress: { tasks: Array<{ assignee: string; leaseExpiresAt: string }> } }>(temp.home, ["prime"])
    expect(data.inProgress.tasks[0]).toMatchObject({ assignee: "claude-code-3f9a1c", leaseExpiresAt: expect.any(String) })
  })

  it("shows the agent's phase and plan when there is an operating state, and creates none otherwise", () => {
    runTsk(temp.home, ["prime"])
    expect(existsSync(join(temp.home, "os"))).toBe(false)
    runTsk(temp.home, ["os", "analyze", "Make priming useful"])
    runTsk(temp.home, ["os", "plan", "--dom", "core", "--goal", "Prime hooks", "--tasks", '[{"id":"t1","title":"Write prime"},{"id":"t2","title":"Test prime"}]'])
    const { stdout } = runTsk(temp.home, ["prime"])
    expect(stdout).toContain("## Agent operating state\nPhase B BLUEPRINT")
    expect(stdout).toMatch(/Plan `[^`]+`: Prime hooks \(0\/2 done\)/)
    expect(stdout).toContain("Write prime")
  })

  it("stays under 1,500 tokens at 10,000 tasks, text and --json, and says how many more there are", async () => {
    const bench = await makeBenchHome(10_000)
    try {
      const { stdout } = runTsk(bench.home, ["prime"])
      expect(Buffer.byteLength(stdout) / 4).toBeLessThan(1500)
      expect(Buffer.byteLength(runTsk(bench.home, ["prime", "--json"]).stdout) / 4).toBeLessThan(1500)
      expect(stdout).toMatch(/- … \d+ more: `tsk ready`/)
      const data = runTskJson<{ ready: { total: number; tasks: unknown[] } }>(bench.home, ["prime"])
      expect(data.ready.tasks).toHaveLength(10)
      expect(data.ready.total).toBeGreaterThan(10)
    } finally {
      bench.cleanup()
    }
  })
})

describe("tsk agent snippet --mcp and --hooks", () => {
  it("names this checkout's launcher by absolute path, and that launcher runs from anywhere without tsk on PATH", () => {
    const config = runTskJson<{ mcpServers: { tsk: { command: string; args: string[] } } }>(temp.home, ["agent", "snippet", "--mcp"])
    expect(config.mcpServers.tsk).toEqual({ command: join(PROJECT_ROOT, "bin", "tsk"), args: ["mcp"], env: { TSK_HOME: temp.home } })
    const elsewhere = mkdtempSync(join(tmpdir(), "tsk-elsewhere-"))
    try {
      const run = spawnSync(config.mcpServers.tsk.command, ["prime"], { cwd: elsewhere, env: { PATH: "/usr/bin:/bin", HOME: elsewhere, TSK_HOME: temp.home }, encoding: "utf8" })
      expect(run.stdout).toContain("# tsk: current work")
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
    const text = runTsk(temp.home, ["agent", "snippet", "--mcp"]).stdout
    expect(text).toContain(`claude mcp add tsk -e TSK_HOME=${temp.home} -- ${join(PROJECT_ROOT, "bin", "tsk")} mcp`)
    // The .mcp.json block, shared between machines: variables Claude Code expands, this machine's values as defaults.
    expect(text).toContain(`"command": "\${TSK_BIN:-${join(PROJECT_ROOT, "bin", "tsk")}}"`)
    expect(text).toContain(`"TSK_HOME": "\${TSK_HOME:-${temp.home}}"`)
  })

  it("wires tsk prime into SessionStart beside tsk hook, by absolute path, and into no hook whose output nobody reads", () => {
    const settings = runTskJson<{ hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> }>(temp.home, ["agent", "snippet", "--hooks"])
    const commands = (event: string) => settings.hooks[event]!.flatMap((entry) => entry.hooks.map((h) => h.command))
    const launcher = join(PROJECT_ROOT, "bin", "tsk")
    expect(commands("SessionStart")).toEqual([
      `TSK_HOME=${temp.home} ${launcher} hook`,
      `TSK_HOME=${temp.home} ${launcher} memory restore --session-start --max-tokens 2000`,
      `TSK_HOME=${temp.home} ${launcher} prime`,
    ])
    // Claude Code shows PreCompact's output to nobody; SessionStart runs again after a compaction.
    expect(settings.hooks.PreCompact).toBeUndefined()
    expect(commands("Stop")).toEqual([`TSK_HOME=${temp.home} ${launcher} hook`])
  })
})
