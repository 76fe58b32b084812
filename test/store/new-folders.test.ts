// A folder tsk makes (os/, memory/agents/<id>/, approvals/…, backups/) is made as a real folder
// below the home and its entry is fsynced in its parent (makeFolderSync), so that a power cut
// right after a durable write into a new folder keeps the folder and the file.
import { spawnSync } from "node:child_process"
import { mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { makeFolderSync, parentsOfNewFolders } from "../../src/store/home-links.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"

let temp: ReturnType<typeof makeTempHome>
afterEach(() => temp?.cleanup())

describe("folders tsk makes", () => {
  it("names the parent of each new folder, outermost first, and none when nothing was made", () => {
    expect(parentsOfNewFolders("/h/a", "/h/a/b/c")).toEqual(["/h", "/h/a", "/h/a/b"])
    expect(parentsOfNewFolders("/h/a/b/c", "/h/a/b/c")).toEqual(["/h/a/b"])
    expect(parentsOfNewFolders(undefined, "/h/a/b/c")).toEqual([])
  })

  it("makes them with their parents, 0700, and refuses a link on the way below the home", () => {
    temp = makeTempHome()
    const dir = join(temp.home, "memory", "agents", "a@b")
    makeFolderSync(dir, temp.home)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    makeFolderSync(dir, temp.home)
    mkdirSync(join(temp.home, "elsewhere"))
    symlinkSync(join(temp.home, "elsewhere"), join(temp.home, "os"))
    expect(() => makeFolderSync(join(temp.home, "os", "approvals"), temp.home)).toThrow(/symbolic link/)
  })

  // strace shows the fsyncs; `npm run crash-states` installs it (npm test runs that check before this one).
  it.skipIf(spawnSync("strace", ["-V"]).status !== 0)("fsyncs each new folder's parent after making it, and nothing when the folder was there", () => {
    temp = makeTempHome()
    const script = `import { makeFolderSync } from ${JSON.stringify(join(PROJECT_ROOT, "src/store/home-links.ts"))}\nmakeFolderSync(process.argv[2], process.argv[3])\n`
    const file = join(temp.home, "make.ts")
    writeFileSync(file, script)
    const traced = (dir: string) => {
      const run = spawnSync("strace", ["-f", "-e", "trace=mkdir,mkdirat,openat,fsync", "--", BUN, file, dir, temp.home], { encoding: "utf8" })
      if (run.error) throw run.error
      return run.stderr.split("\n").filter((line) => line.includes(temp.home) || /fsync\(/.test(line))
    }
    const dir = join(temp.home, "os", "approvals", "requests")
    const lines = traced(dir)
    // After the last folder is made: each parent opened, then fsynced, in turn.
    const made = lines.findIndex((line) => /mkdir(at)?\(/.test(line) && line.includes(`"${dir}"`))
    expect(made, lines.join("\n")).toBeGreaterThanOrEqual(0)
    let at = made
    for (const parent of [temp.home, join(temp.home, "os"), join(temp.home, "os", "approvals")]) {
      const opened = lines.findIndex((line, i) => i > at && line.includes(`openat(AT_FDCWD, "${parent}",`))
      expect(opened, lines.join("\n")).toBeGreaterThan(at)
      at = lines.findIndex((line, i) => i > opened && /fsync\(\d+\)\s+= 0/.test(line))
      expect(at, lines.join("\n")).toBeGreaterThan(opened)
    }
    expect(traced(dir).some((line) => /fsync\(/.test(line))).toBe(false)
  })
})
