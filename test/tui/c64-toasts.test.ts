import { describe, expect, it } from "vitest"
import { c64Toasts, watchC64Toasts, type C64Toast } from "../../src/tui/c64-toasts.ts"
import { createValueFeed, NO_FEEDS, type C64TaskSummary, type MonitorFeeds } from "../../src/tui/monitor-feeds.ts"
import { c64Task } from "./c64-fixtures.ts"

const running = c64Task({ maxIterations: 10, iterations: 4 }, [])
const completed = c64Task({ maxIterations: 10, iterations: 10, status: "completed" }, [])
const failed = c64Task({ status: "error", lastError: "read failed: timeout" }, [])

function watch(initial: readonly C64TaskSummary[]) {
  const c64 = createValueFeed<readonly C64TaskSummary[]>(initial)
  const feeds = createValueFeed<MonitorFeeds>({ ...NO_FEEDS, c64 })
  const shown: C64Toast[] = []
  const stop = watchC64Toasts(feeds, { show: (kind, message) => void shown.push({ kind: kind as C64Toast["kind"], message }) })
  return { c64, feeds, shown, stop }
}

describe("C64 task toasts", () => {
  it("announces a task that completes, with its iterations", () => {
    expect(c64Toasts(new Map([[running.id, "running"]]), [completed])).toEqual([{ kind: "success", message: "C64 0001_watch_screen read completed (10/10)" }])
  })

  it("announces a task that fails as an error, with its last error", () => {
    expect(c64Toasts(new Map([[running.id, "running"]]), [failed])).toEqual([{ kind: "error", message: "C64 0001_watch_screen read failed: read failed: timeout" }])
  })

  it("names a task by its id alone when the id already names the operation", () => {
    const extract = c64Task({ id: "0004_extract_sprites_from_ram", type: "foreground", operation: "extract_sprites_from_ram", status: "completed" }, [])
    expect(c64Toasts(new Map(), [extract])).toEqual([{ kind: "success", message: "C64 0004_extract_sprites_from_ram completed" }])
  })

  it("stays quiet while nothing ends, and for a stop", () => {
    expect(c64Toasts(new Map([[running.id, "running"]]), [running])).toEqual([])
    expect(c64Toasts(new Map([[running.id, "running"]]), [{ ...running, status: "stopped" }])).toEqual([])
    expect(c64Toasts(new Map([[completed.id, "completed"]]), [completed])).toEqual([])
  })

  it("shows the tasks loaded at start-up without announcing those that ended long ago", () => {
    const { c64, shown, stop } = watch([])
    c64.set([completed, { ...failed, id: "0002_old" }])
    expect(shown).toEqual([])
    c64.set([completed, { ...failed, id: "0002_old" }, { ...failed, id: "0003_new" }])
    expect(shown.map((t) => t.message)).toEqual(["C64 0003_new read failed: read failed: timeout"])
    stop()
  })

  it("follows the feed once it is connected, and stops following when told", () => {
    const later = createValueFeed<readonly C64TaskSummary[]>([running])
    const { feeds, shown, stop } = watch([])
    feeds.set({ ...NO_FEEDS, c64: later })
    later.set([completed])
    expect(shown).toHaveLength(1)
    stop()
    later.set([running])
    later.set([failed])
    expect(shown).toHaveLength(1)
  })
})
