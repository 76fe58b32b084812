import { afterEach, describe, expect, it } from "vitest"
import { writeConflicts } from "../../src/store/conflicts-store.ts"
import { act } from "react"
import { createValueFeed, NO_FEEDS } from "../../src/tui/monitor-feeds.ts"
import type { SyncBadge, SyncFeed } from "../../src/tui/sync-feed.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { lineWith, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

function fakeSync(badge: SyncBadge): SyncFeed & { set(b: SyncBadge): void; calls: number } {
  const feed = createValueFeed(badge)
  const fake = {
    ...feed,
    calls: 0,
    async syncNow() {
      fake.calls++
      return { ok: true, message: "Synced 3 tasks" }
    },
    close() {},
  }
  return fake
}

const idle: SyncBadge = { lastSyncAt: null, failed: false, ahead: 0, behind: 0, openConflicts: 0, conflicts: [], syncing: false }

describe("sync in the TUI", () => {
  it("shows the last sync and commits apart in the header once sync is set up, and open conflicts once", async () => {
    const home = makeHome()
    await updateConfig(home, "sync.remote", "/somewhere/remote.git")
    const conflict = (n: number) => ({
      id: `c${n}`,
      at: "2026-03-10T09:00:00.000Z",
      source: "sync with origin",
      taskId: "0123456789abcdef",
      title: "Write report",
      field: "title",
      kept: "Write the report",
      lost: `Write report ${n}`,
      keptUpdatedAt: "2026-03-10T08:59:00.000Z",
      lostUpdatedAt: "2026-03-10T08:58:00.000Z",
    })
    await writeConflicts(home, [conflict(1), conflict(2), conflict(3)])
    const sync = fakeSync(idle)
    app = await renderApp({ home, width: 110, feeds: { ...NO_FEEDS, sync } })
    expect(lineWith(app.frame(), "tsk")).toContain("⇅ never")
    await act(async () => sync.set({ ...idle, lastSyncAt: new Date(2026, 2, 10, 9, 12).toISOString(), ahead: 1, behind: 2, openConflicts: 3 }))
    const header = lineWith(await app.render(), "tsk")
    expect(header).toContain("⇅ 09:12 ↑1 ↓2")
    expect(header).toContain("⚠ 3 conflicts")
    expect(header).not.toContain("!3")
  })

  it("shows nothing of sync while it is not set up", async () => {
    app = await renderApp({ width: 110, feeds: { ...NO_FEEDS, sync: fakeSync(idle) } })
    expect(lineWith(app.frame(), "tsk")).not.toContain("⇅")
  })

  it("shows each conflict's kept and lost values on C, a sync's among them", async () => {
    const home = makeHome()
    await writeConflicts(home, [
      {
        id: "c1",
        at: "2026-03-10T09:00:00.000Z",
        source: "sync with origin",
        taskId: "0123456789abcdef",
        title: "Write report",
        field: "title",
        kept: "Write the report",
        lost: "Write a report",
        keptUpdatedAt: "2026-03-10T08:59:00.000Z",
        lostUpdatedAt: "2026-03-10T08:58:00.000Z",
      },
    ])
    app = await renderApp({ home, width: 120, height: 30, feeds: { ...NO_FEEDS, sync: fakeSync(idle) } })
    const frame = await app.press("C")
    expect(frame).toContain("Merge conflicts (1)")
    expect(frame).toContain("c1  Write report  title")
    expect(frame).toContain("kept: Write the report   lost: Write a report (sync with origin)")
  })

  it("syncs on S and says how it went", async () => {
    const home = makeHome()
    await updateConfig(home, "sync.remote", "/somewhere/remote.git")
    const sync = fakeSync(idle)
    app = await renderApp({ home, width: 110, feeds: { ...NO_FEEDS, sync } })
    await app.press("S")
    expect(sync.calls).toBe(1)
    await app.waitForFrame((frame) => frame.includes("Synced 3 tasks"))
  })
})
