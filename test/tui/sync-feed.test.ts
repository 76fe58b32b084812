import { afterEach, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { openSyncFeed } from "../../src/tui/sync-feed.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { createAppStore } from "../../src/store/app-store.ts"

describe("the TUI's sync feed", () => {
  let cleanup: () => void = () => {}
  afterEach(() => cleanup())

  it("syncs on request and then shows the sync's time; a failure says why and shows as failed", async () => {
    const temp = makeTempHome("tsk-sync-feed-")
    cleanup = temp.cleanup
    const home = join(temp.home, "home")
    const remote = join(temp.home, "remote.git")
    execFileSync("git", ["init", "-q", "--bare", remote])
    await updateConfig(home, "sync.remote", remote)
    await createAppStore({ home }).getState().addTask({ title: "to share" })
    const feed = openSyncFeed(home, 50)
    try {
      expect(feed.get()).toMatchObject({ lastSyncAt: null, failed: false, syncing: false })
      expect(await feed.syncNow()).toEqual({ ok: true, message: "Synced 1 task" })
      expect(feed.get()).toMatchObject({ failed: false, ahead: 0, behind: 0, openConflicts: 0, syncing: false })
      expect(feed.get().lastSyncAt).not.toBeNull()
      await updateConfig(home, "sync.remote", join(temp.home, "gone.git"))
      const failed = await feed.syncNow()
      expect(failed.ok).toBe(false)
      expect(failed.message).toMatch(/^Sync failed: cannot sync with gone\.git/)
      expect(feed.get().failed).toBe(true)
    } finally {
      feed.close()
    }
  })
})
