import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { writeTextDurable } from "../../../src/c64/state/lean-write.ts"

let temp: Awaited<ReturnType<typeof makeTempHome>>
beforeEach(async () => {
  temp = await makeTempHome()
})
afterEach(() => temp.cleanup())

describe("the per-iteration file writer", () => {
  it("replaces a file whole, durably or not, leaving no temp file and mode 0600", async () => {
    const file = join(temp.home, "task.json")
    await writeFile(file, "old")
    await writeTextDurable(file, "new")
    await writeTextDurable(file, "newer", false)
    expect(await readFile(file, "utf8")).toBe("newer")
    expect(await readdir(temp.home)).toEqual(["task.json"])
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it("creates a task folder another tool never made", async () => {
    const file = join(temp.home, "tasks", "background", "0002_Screen Watch", "result.json")
    await writeTextDurable(file, "{}")
    expect(await readFile(file, "utf8")).toBe("{}")
  })

  it("keeps the old file and removes its temp file when the rename fails", async () => {
    const target = join(temp.home, "taken")
    await mkdir(join(target, "inside"), { recursive: true })
    await expect(writeTextDurable(target, "text")).rejects.toThrow()
    expect((await readdir(temp.home)).sort()).toEqual(["taken"])
  })
})
