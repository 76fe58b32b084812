import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { replaceFile, replaceFileSync, TEMP_NAME, writeCacheFileSync, writeTempFileSync } from "../../src/store/atomic-file.ts"
import { findLeftovers } from "../../src/store/leftovers.ts"

let temp: ReturnType<typeof makeTempHome>
let previousHome: string | undefined
beforeEach(() => {
  temp = makeTempHome()
  previousHome = process.env.TSK_HOME
  process.env.TSK_HOME = temp.home
})
afterEach(() => {
  if (previousHome === undefined) delete process.env.TSK_HOME
  else process.env.TSK_HOME = previousHome
  temp.cleanup()
})

const refuse = () => {
  throw new Error("refused just before the rename")
}

describe("the whole-file writer", () => {
  it("replaces a file whole, durably or not, with mode 0600 and no temp file left, from each of its entries", async () => {
    const file = join(temp.home, "config.json")
    writeFileSync(file, "old", { mode: 0o644 })
    await replaceFile(file, "durable", true)
    expect(readFileSync(file, "utf8")).toBe("durable")
    await replaceFile(file, new TextEncoder().encode("bytes"), false)
    expect(readFileSync(file, "utf8")).toBe("bytes")
    replaceFileSync(file, "sync", true)
    expect(readFileSync(file, "utf8")).toBe("sync")
    expect(writeCacheFileSync(file, "cache")).toBe(true)
    expect(readFileSync(file, "utf8")).toBe("cache")
    expect(readdirSync(temp.home)).toEqual(["config.json"])
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it("creates the folders on the way", async () => {
    const file = join(temp.home, "c64", "tasks", "0001_Watch", "result.json")
    await replaceFile(file, "{}", true)
    expect(readFileSync(file, "utf8")).toBe("{}")
  })

  it("keeps the old file and leaves no temp file of its own or of write-file-atomic when the guard refuses", async () => {
    const file = join(temp.home, "tasks.json")
    writeFileSync(file, "theirs")
    await expect(replaceFile(file, "mine", true, refuse)).rejects.toThrow("refused just before the rename")
    expect(() => replaceFileSync(file, "mine", false, refuse)).toThrow("refused just before the rename")
    expect(readFileSync(file, "utf8")).toBe("theirs")
    expect(readdirSync(temp.home)).toEqual(["tasks.json"])
  })

  it("checks the guard after the content is written and fsynced, right before the rename", async () => {
    const file = join(temp.home, "tasks.json")
    writeFileSync(file, "old")
    const seen: string[] = []
    await replaceFile(file, "new", true, () => {
      // The whole new content is on disk under a temp name; the target is untouched.
      const temps = readdirSync(temp.home).filter((name) => TEMP_NAME.test(name))
      seen.push(...temps.map((name) => readFileSync(join(temp.home, name), "utf8")), readFileSync(file, "utf8"))
    })
    expect(seen).toEqual(["new", "old"])
    expect(readFileSync(file, "utf8")).toBe("new")
  })

  it("replaces a link planted at the target instead of writing through it", async () => {
    const outside = join(temp.home, "outside.txt")
    writeFileSync(outside, "not tsk's")
    const file = join(temp.home, "config.json")
    symlinkSync(outside, file)
    await replaceFile(file, "tsk's", true)
    expect(lstatSync(file).isSymbolicLink()).toBe(false)
    expect(readFileSync(file, "utf8")).toBe("tsk's")
    expect(readFileSync(outside, "utf8")).toBe("not tsk's")
  })

  it("writes the runner's batch temp file whole, fsynced, under the caller's name", () => {
    const batch = join(temp.home, "tasks.json.bridge-0a1b.tmp")
    writeTempFileSync(batch, "batch")
    expect(readFileSync(batch, "utf8")).toBe("batch")
    expect(readdirSync(temp.home)).toEqual(["tasks.json.bridge-0a1b.tmp"])
  })

  it("leaves a cache unwritten, without throwing, when its folder is missing", () => {
    expect(writeCacheFileSync(join(temp.home, "gone", ".meta"), "x")).toBe(false)
    expect(readdirSync(temp.home)).toEqual([])
  })
})

describe("the temp files a killed writer leaves", () => {
  it("are found by `tsk doctor`, write-file-atomic's inside ours among them, when their writer's pid is dead", () => {
    const dead = spawnSync("true").pid!
    const names = [`config.json.tmp-${dead}-0a1b2c3d`, `config.json.tmp-${dead}-0a1b2c3d.2728649480`]
    for (const name of names) writeFileSync(join(temp.home, name), "{")
    writeFileSync(join(temp.home, `tasks.json.tmp-${process.pid}-0a1b2c3d.12`), "{")
    const found = findLeftovers(temp.home).map((leftover) => leftover.path.split("/").pop())
    expect(found.sort()).toEqual(names.sort())
  })

  it("are found without a pid, write-file-atomic's inside a `.tmp` of the caller's naming, once a minute old", () => {
    mkdirSync(join(temp.home, "agent-inbox.d"))
    const name = join(temp.home, "agent-inbox.d", ".0001-cmd.json.tmp.2728649480")
    writeFileSync(name, "{")
    expect(findLeftovers(temp.home)).toEqual([])
    const old = new Date(Date.now() - 120_000)
    utimesSync(name, old, old)
    expect(findLeftovers(temp.home).map((leftover) => leftover.path)).toEqual(["agent-inbox.d/.0001-cmd.json.tmp.2728649480"])
  })
})

describe("a signal during a write", () => {
  it("goes to the process's own once-handler (a graceful stop) instead of ending the process, and a second one ends it", () => {
    // A child that handles SIGTERM once, as run-cli does, and signals itself while write-file-atomic's
    // signal-exit handlers are installed (a 16 MB write, fsynced, lasts long enough to be caught).
    const script = `
      import { replaceFile } from ${JSON.stringify(join(PROJECT_ROOT, "src", "store", "atomic-file.ts"))}
      const target = ${JSON.stringify(join(temp.home, "big.txt"))}
      const twice = process.argv.includes("twice")
      let stops = 0
      process.once("SIGTERM", () => { stops++ })
      const content = "x".repeat(16 * 1024 * 1024)
      let signalled = false
      for (let attempt = 0; attempt < 50 && !signalled; attempt++) {
        const write = replaceFile(target, content, true)
        let done = false
        const watch = () => {
          if (done) return
          // signal-exit's listener joins the process's own while the write runs.
          if (process.listenerCount("SIGTERM") > 1) {
            signalled = true
            process.kill(process.pid, "SIGTERM")
            if (twice) setTimeout(() => process.kill(process.pid, "SIGTERM"), 0)
          } else setImmediate(watch)
        }
        setImmediate(watch)
        await write.finally(() => (done = true))
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      console.log(JSON.stringify({ signalled, stops, listeners: process.listenerCount("SIGTERM") }))
    `
    const once = spawnSync(BUN, ["-e", script], { cwd: PROJECT_ROOT, env: { ...process.env, TSK_HOME: temp.home }, encoding: "utf8", timeout: 120_000, killSignal: "SIGKILL" })
    expect(once.status, once.stderr).toBe(0)
    expect(JSON.parse(once.stdout)).toEqual({ signalled: true, stops: 1, listeners: 0 })
    expect(statSync(join(temp.home, "big.txt")).size).toBe(16 * 1024 * 1024)
    const twice = spawnSync(BUN, ["-e", script, "twice"], { cwd: PROJECT_ROOT, env: { ...process.env, TSK_HOME: temp.home }, encoding: "utf8", timeout: 120_000, killSignal: "SIGKILL" })
    expect(twice.signal).toBe("SIGTERM")
    // signal-exit removed the library's temp; any temp of ours left is one `tsk doctor` removes.
    const temps = readdirSync(temp.home).filter((name) => TEMP_NAME.test(name))
    expect(findLeftovers(temp.home).map((leftover) => leftover.path.split("/").pop()).sort()).toEqual(temps.sort())
  })

  it("ends the process on a second signal while two writes run at once", () => {
    // A write that begins while another runs sees that one's listeners (signal-exit's among them)
    // beside the process's own handler: counted as the process's own, they would keep the
    // listener ahead of it through a second signal, which the process would then survive.
    const script = `
      import { replaceFile } from ${JSON.stringify(join(PROJECT_ROOT, "src", "store", "atomic-file.ts"))}
      let stops = 0
      process.once("SIGTERM", () => { stops++ })
      const content = "x".repeat(16 * 1024 * 1024)
      // signal-exit counts itself loaded (its listeners there) while a library write runs.
      const signalExitLoaded = () => globalThis[Symbol.for("signal-exit emitter")]?.count === 1
      let sent = 0
      for (let attempt = 0; attempt < 50 && sent < 2; attempt++) {
        let finished = 0
        const writes = Promise.all([1, 2].map((n) => replaceFile(${JSON.stringify(temp.home)} + "/big-" + n + ".txt", content, true).then(() => finished++)))
        const watch = () => {
          if (finished > 0) return
          if (sent === 0 && signalExitLoaded() && process.listenerCount("SIGTERM") >= 3) {
            sent = 1
            process.kill(process.pid, "SIGTERM")
          } else if (sent === 1 && stops === 1 && signalExitLoaded()) {
            sent = 2
            process.kill(process.pid, "SIGTERM")
            return
          }
          setImmediate(watch)
        }
        setImmediate(watch)
        await writes
      }
      console.log(JSON.stringify({ sent, stops, listeners: process.listenerCount("SIGTERM") }))
    `
    const run = spawnSync(BUN, ["-e", script], { cwd: PROJECT_ROOT, env: { ...process.env, TSK_HOME: temp.home }, encoding: "utf8", timeout: 120_000, killSignal: "SIGKILL" })
    expect(run.signal, `${run.stdout}${run.stderr}`).toBe("SIGTERM")
  })
})
