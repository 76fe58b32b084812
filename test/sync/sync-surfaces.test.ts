// The same sync on every surface: the MCP tools `sync` / `sync_status`, the bridge through
// `tsk agent send`, and the runner's automatic sync (`sync.auto`).
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "../mcp/mcp-client.ts"
import { syncRunnerService } from "../../src/bridge/sync-service.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { readSyncStatus } from "../../src/sync/sync-state.ts"

describe("sync on the agent surfaces and in the runner", () => {
  let root: string
  let cleanup: () => void
  let remote: string
  let session: McpSession | null = null
  beforeEach(() => {
    ;({ home: root, cleanup } = makeTempHome("tsk-sync-surfaces-"))
    remote = join(root, "remote.git")
    execFileSync("git", ["init", "-q", "--bare", remote])
  })
  afterEach(async () => {
    await session?.close()
    session = null
    cleanup()
  })

  const remoteTitles = () => {
    const files = execFileSync("git", ["--git-dir", remote, "ls-tree", "-r", "--name-only", "tsk", "tasks/"], { encoding: "utf8" }).trim().split("\n")
    return files.map((path) => JSON.parse(execFileSync("git", ["--git-dir", remote, "show", `tsk:${path}`], { encoding: "utf8" })).title).sort()
  }

  it("syncs and reports through the MCP tools sync and sync_status", async () => {
    const home = join(root, "a")
    runTskJson(home, ["add", "from mcp"])
    runTskJson(home, ["sync", "init", remote])
    session = await startMcp(home, ["--tools", "standard"])
    const before = resultJson(await session.client.callTool({ name: "sync_status", arguments: {} }))
    expect(before).toMatchObject({ configured: true, localChanges: true })
    const synced = resultJson(await session.client.callTool({ name: "sync", arguments: {} }))
    expect(synced).toMatchObject({ pushed: true, tasks: 1 })
    expect(remoteTitles()).toEqual(["from mcp"])
    expect(resultJson(await session.client.callTool({ name: "sync_status", arguments: {} }))).toMatchObject({ localChanges: false, ahead: 0, behind: 0 })
  })

  it("syncs through the bridge command sync", () => {
    const home = join(root, "a")
    runTskJson(home, ["add", "from the bridge"])
    runTskJson(home, ["sync", "init", remote])
    const sent = runTsk(home, ["agent", "send", JSON.stringify({ command: "sync", payload: {} }), "--json"])
    expect(sent.code).toBe(0)
    expect(JSON.parse(sent.stdout)).toMatchObject({ status: "ok", data: { pushed: true } })
    expect(remoteTitles()).toEqual(["from the bridge"])
  })

  it("syncs by itself in a runner with sync.auto once the list has been quiet", async () => {
    const home = join(root, "a")
    await updateConfig(home, "sync.remote", remote)
    await updateConfig(home, "sync.auto", true)
    await updateConfig(home, "sync.quietSeconds", 1)
    const errors: unknown[] = []
    const service = await syncRunnerService({ checkMs: 50, onError: (e) => errors.push(e) })({ home, mode: "runner" })
    await service.start?.()
    try {
      await createAppStore({ home }).getState().addTask({ title: "synced by the runner" })
      for (let waited = 0; (await readSyncStatus(home)).lastSyncAt === null; waited += 50) {
        if (waited > 60_000) throw new Error(`no automatic sync: ${String(errors[0] ?? "")}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await service.stop()
    }
    expect(errors).toEqual([])
    expect(remoteTitles()).toEqual(["synced by the runner"])
  })

  it("does not sync by itself with sync.auto off", async () => {
    const home = join(root, "a")
    await updateConfig(home, "sync.remote", remote)
    const service = await syncRunnerService({ checkMs: 20 })({ home, mode: "runner" })
    await service.start?.()
    await createAppStore({ home }).getState().addTask({ title: "stays local" })
    // Many checks pass without a sync (each check is cheap; 40 of them take a moment).
    await new Promise((resolve) => setTimeout(resolve, 800))
    await service.stop()
    expect((await readSyncStatus(home)).lastSyncAt).toBeNull()
  })
})
