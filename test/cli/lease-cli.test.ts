// Claims as leases on the CLI and the bridge, run as real processes: one winner per race between
// two agents (TSK_AGENT), whoami, leases that expire or end with the holder's session, writes that
// renew them, and `next --claim` handing two agents two different tasks.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskAsync, runTskJson } from "../helpers/run-tsk.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-lease-")))
afterEach(() => cleanup())

type Json = Record<string, any>
const idOf = (i: number) => `${String(i).padStart(4, "0")}bbbb-task`
const seed = (n: number) =>
  mutateTasks(home, () => ({ tasks: Array.from({ length: n }, (_, i) => makeTask({ id: idOf(i), title: `Task ${i}`, order: i })), result: null }))
const as = (name: string) => ({ TSK_AGENT: name })

/** Move a task's lease to end at `at` (as time passing would). */
const leaseEndsAt = (id: string, at: Date) =>
  mutateTasks(home, (tasks) => ({ tasks: tasks.map((t) => (t.id === id && t.lease ? { ...t, lease: { ...t.lease, expiresAt: at.toISOString() } } : t)), result: null }))

describe("claims between CLI processes", () => {
  it("lets exactly one of two processes with different TSK_AGENT claim each task, 50 trials", async () => {
    await seed(50)
    for (let i = 0; i < 50; i++) {
      const results = await Promise.all(["agent-a", "agent-b"].map((name) => runTskAsync(home, ["claim", idOf(i), "--json"], as(name))))
      expect(results.map((r) => r.code).sort(), `trial ${i}: ${results.map((r) => r.stdout + r.stderr).join(" | ")}`).toEqual([0, 1])
      const loser = results.find((r) => r.code === 1)!
      expect(JSON.parse(loser.stdout).error.kind).toBe("conflict")
      const winner = JSON.parse(results.find((r) => r.code === 0)!.stdout)
      expect(["agent-a", "agent-b"]).toContain(winner.assignee)
    }
  }, 300_000)

  it("lets exactly one of two bridge senders with different TSK_AGENT win, under that name", async () => {
    await seed(1)
    const send = (name: string) => runTskAsync(home, ["agent", "send", JSON.stringify({ command: "claim", payload: { taskId: idOf(0) } }), "--json"], as(name))
    const results = await Promise.all([send("agent-a"), send("agent-b")])
    expect(results.map((r) => r.code).sort()).toEqual([0, 1])
    const winner = JSON.parse(results.find((r) => r.code === 0)!.stdout).data
    expect(["agent-a", "agent-b"]).toContain(winner.assignee)
    expect(runTskJson<Json>(home, ["agent", "send", JSON.stringify({ command: "whoami" })], as("agent-c")).data).toMatchObject({ name: "agent-c", how: "agentId" })
  }, 60_000)
})

describe("whoami", () => {
  it("answers --as, else TSK_AGENT, else the login name, and says which", () => {
    expect(runTskJson<Json>(home, ["whoami", "--as", "pair"], as("agent-a"))).toMatchObject({ name: "pair", how: "--as" })
    expect(runTskJson<Json>(home, ["whoami"], as("agent-a"))).toMatchObject({ name: "agent-a", how: "TSK_AGENT" })
    expect(runTskJson<Json>(home, ["whoami"], { TSK_AGENT: undefined, USER: "sam" })).toMatchObject({ name: "sam", how: "login" })
  })
})

describe("leases", () => {
  it("records holder and expiry, shows them in ready and next, and frees an expired lease for the next agent", async () => {
    await seed(2)
    const claimed = runTskJson<Json>(home, ["claim", idOf(0), "--ttl", "45m"], as("agent-a"))
    expect(claimed.assignee).toBe("agent-a")
    expect(claimed.lease.minutes).toBe(45)
    expect(Date.parse(claimed.lease.expiresAt) - Date.now()).toBeGreaterThan(40 * 60_000)
    const ready = runTskJson<Json[]>(home, ["ready"])
    expect(ready.find((t) => t.id === idOf(0))).toMatchObject({ assignee: "agent-a", lease: { expiresAt: claimed.lease.expiresAt } })
    expect(runTsk(home, ["ready"]).stdout).toMatch(/➜ agent-a \(4\dm left\)/)
    expect(runTskJson<Json>(home, ["next"], as("agent-b")).id).toBe(idOf(1))
    expect(runTsk(home, ["claim", idOf(0)], as("agent-b")).code).toBe(1)
    await leaseEndsAt(idOf(0), new Date(Date.now() - 60_000))
    expect(runTskJson<Json>(home, ["next"], as("agent-b")).id).toBe(idOf(0))
    expect(runTskJson<Json>(home, ["claim", idOf(0)], as("agent-b")).assignee).toBe("agent-b")
  }, 60_000)

  it("frees the lease of a Claude Code session once its SessionEnd hook ran", async () => {
    await seed(1)
    const hook = (event: string) => runTsk(home, ["hook"], {}, JSON.stringify({ hook_event_name: event, session_id: "sess-1234" }))
    hook("SessionStart")
    expect(runTskJson<Json>(home, ["claim", idOf(0)], as("sess-1234")).assignee).toBe("sess-1234")
    expect(runTsk(home, ["claim", idOf(0)], as("agent-b")).code).toBe(1)
    hook("SessionEnd")
    expect(runTskJson<Json>(home, ["next"], as("agent-b")).id).toBe(idOf(0))
    expect(runTskJson<Json>(home, ["claim", idOf(0)], as("agent-b")).assignee).toBe("agent-b")
  }, 60_000)

  it("renews the lease on any write by its holder, and on renew; nobody else renews it", async () => {
    await seed(1)
    runTskJson(home, ["claim", idOf(0), "--ttl", "20"], as("agent-a"))
    const soon = new Date(Date.now() + 60_000)
    await leaseEndsAt(idOf(0), soon)
    const noted = runTskJson<Json>(home, ["note", idOf(0), "half way"], as("agent-a"))
    expect(Date.parse(noted.lease.expiresAt) - Date.now()).toBeGreaterThan(15 * 60_000)
    await leaseEndsAt(idOf(0), soon)
    runTskJson(home, ["note", idOf(0), "a reviewer's remark"], as("agent-b"))
    expect(runTskJson<Json>(home, ["show", idOf(0)]).lease.expiresAt).toBe(soon.toISOString())
    // An edit through the store's actions renews it too.
    await leaseEndsAt(idOf(0), soon)
    const edited = runTskJson<Json>(home, ["edit", idOf(0), "--priority", "high"], as("agent-a"))
    expect(Date.parse(edited.lease.expiresAt) - Date.now()).toBeGreaterThan(15 * 60_000)
    const renewed = runTskJson<Json>(home, ["renew", idOf(0), "--ttl", "2h"], as("agent-a"))
    expect(Date.parse(renewed.lease.expiresAt) - Date.now()).toBeGreaterThan(100 * 60_000)
    const refused = runTsk(home, ["renew", idOf(0), "--json"], as("agent-b"))
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout).error.kind).toBe("conflict")
  }, 60_000)

  it("hands two agents running next --claim at once two different tasks", async () => {
    await seed(3)
    const results = await Promise.all(["agent-a", "agent-b"].map((name) => runTskAsync(home, ["next", "--claim", "--json"], as(name))))
    expect(results.map((r) => r.code)).toEqual([0, 0])
    const got = results.map((r) => JSON.parse(r.stdout) as Json)
    expect(new Set(got.map((t) => t.id)).size).toBe(2)
    expect(got.map((t) => t.assignee).sort()).toEqual(["agent-a", "agent-b"])
    expect(got.every((t) => t.status === "in_progress")).toBe(true)
  }, 60_000)

  it("loads a tasks file written before leases, with a claimed task that never lapses", async () => {
    await mutateTasks(home, () => ({ tasks: [makeTask({ id: idOf(0), status: "in_progress", assignee: "old-agent" })], result: null }))
    expect(runTskJson<Json>(home, ["show", idOf(0)]).assignee).toBe("old-agent")
    expect(runTsk(home, ["claim", idOf(0)], as("agent-b")).code).toBe(1)
  })
})

describe("a Claude Code session's identity", () => {
  it("exports TSK_AGENT as the session id to CLAUDE_ENV_FILE on SessionStart, unless TSK_AGENT is set", () => {
    const envFile = join(home, "claude-env.sh")
    const start = (id: string, env: Record<string, string | undefined>) =>
      runTsk(home, ["hook"], { CLAUDE_ENV_FILE: envFile, ...env }, JSON.stringify({ hook_event_name: "SessionStart", session_id: id, source: "startup" }))
    start("3f1c2a9e-0d4b-4c55-9a7e-1b2c3d4e5f60", { TSK_AGENT: undefined })
    start("not-this-one", { TSK_AGENT: "already-named" })
    expect(readFileSync(envFile, "utf8")).toBe("export TSK_AGENT=3f1c2a9e-0d4b-4c55-9a7e-1b2c3d4e5f60\n")
  })
})
