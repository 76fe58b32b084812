import { describe, expect, it } from "vitest"
import { join } from "node:path"
import { hiddenBeside, homePaths } from "../../src/store/paths.ts"

describe("the paths of a home", () => {
  it("are node:path's join of the home and each name, for any home (joined without node:path where join changes nothing)", () => {
    for (const home of ["/tmp/tsk", "/", "rel", "rel/sub", "./rel", "../up", "/a//b", "/a/./b", "/a/../b", "/a/", ".", "..", "/tmp/tsk.d", "/tmp/.tsk", "/tmp/..tsk"]) {
      const paths = homePaths(home)
      expect(paths.tasks, home).toBe(join(home, "tasks.json"))
      expect(paths.journal, home).toBe(join(home, "tasks.journal"))
      expect(paths.config, home).toBe(join(home, "config.json"))
      expect(paths.localZone, home).toBe(join(home, ".local-zone.json"))
    }
  })

  it("name a cache beside a file as a hidden file in its folder", () => {
    expect(hiddenBeside("/h/tasks.json", ".validated")).toBe("/h/.tasks.json.validated")
    expect(hiddenBeside("tasks.json", ".meta")).toBe(".tasks.json.meta")
  })
})
