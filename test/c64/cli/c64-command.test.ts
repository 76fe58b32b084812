import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile, readdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { runCli, type CliIO } from "../../../src/cli/run-cli.ts"
import { c64Command, setC64StartHandOff } from "../../../src/cli/c64-command.ts"
import type { CommandSpec } from "../../../src/cli/command.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const root: CommandSpec = { name: "tsk", summary: "test root", usage: "tsk <command>", subcommands: [c64Command] }

let tsk: Awaited<ReturnType<typeof makeTempHome>>
let c64: Awaited<ReturnType<typeof makeTempHome>>
beforeEach(async () => {
  tsk = await makeTempHome("tsk-home-")
  c64 = await makeTempHome("c64-home-")
})
afterEach(async () => {
  setC64StartHandOff(null)
  await tsk.cleanup()
  await c64.cleanup()
})

async function cli(args: string[], onLine?: (line: string) => void): Promise<{ code: number; out: string; err: string }> {
  let out = ""
  let err = ""
  const io: CliIO = {
    stdout: (text) => {
      out += text
      onLine?.(text)
    },
    stderr: (text) => void (err += text),
    stdoutIsTTY: false,
  }
  const code = await runCli(root, ["c64", ...args], { TSK_HOME: tsk.home, C64BRIDGE_HOME: c64.home, NO_COLOR: "1" }, io)
  return { code, out, err }
}

describe("tsk c64 with the simulated machine", () => {
  it("runs a foreground read and prints it as a hex dump, or as JSON with --json", async () => {
    const text = await cli(["run", "read", "address=0xd020", "length=2"])
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/^✓ 0001_read read completed\nd020: [0-9a-f]{2} [0-9a-f]{2}/)
    const json = await cli(["run", "read", "address=0xd020", "length=2", "--json"])
    expect(JSON.parse(json.out)).toMatchObject({ task: { id: "0002_read_2", status: "completed" }, result: { summary: { address: "$D020", length: 2 } } })
  })

  it("extracts the demo's sprites into the task folder", async () => {
    const { code, out } = await cli(["run", "extract_sprites_from_ram", "--json"])
    expect(code).toBe(0)
    const { task, result } = JSON.parse(out)
    expect(result.summary.spriteCount).toBeGreaterThan(0)
    const files = await readdir(join(c64.home, task.folder, "artifacts/sprites"))
    expect(files.filter((f) => f.endsWith(".png"))).toHaveLength(result.summary.spriteCount)
  })

  it("starts a background read in the foreground with a progress line per iteration", async () => {
    const { code, out } = await cli(["start", "read", "--every", "20ms", "--count", "3", "length=8"])
    expect(code).toBe(0)
    const lines = out.trim().split("\n")
    expect(lines[0]).toBe("Started 0001_read; Ctrl+C stops it.")
    expect(lines.slice(1, 4).map((l) => l.split(" ").slice(0, 2).join(" "))).toEqual(["0001_read #1/3", "0001_read #2/3", "0001_read #3/3"])
    expect(lines[4]).toBe("✓ 0001_read completed after 3 iterations")
  })

  it("stops a foreground start on Ctrl+C and records it as stopped", async () => {
    let sent = false
    const { code, out } = await cli(["start", "read", "--every", "20ms"], (text) => {
      if (!sent && text.includes("#2/")) {
        sent = true
        process.emit("SIGINT")
      }
    })
    expect(code).toBe(0)
    expect(out).toMatch(/■ 0001_read stopped after \d+ iterations\n$/)
    const registry = JSON.parse(await readFile(join(c64.home, "tasks.json"), "utf8"))
    expect(registry.tasks[0].status).toBe("stopped")
  })

  it("lists tasks as a table and shows one with its samples", async () => {
    await cli(["start", "read", "--every", "10ms", "--count", "2", "address=0x0400", "length=4"])
    await cli(["run", "read_screen"])
    const listed = await cli(["list"])
    expect(listed.out.split("\n")[0]).toMatch(/^ID\s+TYPE\s+OPERATION\s+TARGET\s+STATUS\s+ITER\s+STARTED$/)
    expect(listed.out).toMatch(/0001_read\s+bg\s+read\s+\$0400\s+completed\s+2\/2/)
    expect(listed.out).toMatch(/0002_read_screen\s+fg\s+read_screen/)
    const shown = await cli(["show", "1"])
    expect(shown.out).toMatch(/^0001_read  background read \$0400\n  status: completed\n  every 10ms, iterations 2\/2/)
    expect(shown.out).toMatch(/Last 2 samples:\n  #1 /)
  })

  it("peeks, pokes, shows the screen, resets and answers for its backend", async () => {
    expect((await cli(["poke", "0xc000", "de", "ad"])).out).toBe("✓ Wrote 2 bytes at $C000\n")
    const peeked = await cli(["peek", "0xc000", "2", "--json"])
    expect(JSON.parse(peeked.out)).toEqual({ address: "$C000", length: 2, hex: expect.any(String) })
    const screen = await cli(["screen", "--json"])
    expect(JSON.parse(screen.out).rows).toHaveLength(25)
    expect((await cli(["reset"])).out).toBe("✓ Reset\n")
    const backend = await cli(["backend"])
    expect(backend.code).toBe(0)
    expect(backend.out).toMatch(/^✓ Backend: sim — sim: /)
  })

  it("loads and runs a PRG file", async () => {
    const file = join(tsk.home, "loop.prg")
    await writeFile(file, Uint8Array.of(0x00, 0xc0, 0x4c, 0x00, 0xc0))
    const { code, out } = await cli(["run-prg", file])
    expect(code).toBe(0)
    expect(out).toBe("✓ Running 3 bytes loaded at $C000\n")
  })
})

describe("tsk c64 refusing bad input", () => {
  it("answers exit code 4 and writes nothing for a bad address, interval or count", async () => {
    for (const args of [
      ["run", "read", "address=$10000"],
      ["start", "read", "--every", "5"],
      ["start", "read", "--every", "-1s"],
      ["start", "read", "--every", "1s", "--count", "0"],
      ["start", "nope", "--every", "1s"],
      ["run", "read", "address"],
    ]) {
      const { code, err } = await cli(args)
      expect(code, args.join(" ")).toBe(4)
      expect(err).toMatch(/^error: /)
    }
    expect(JSON.parse(await readFile(join(c64.home, "tasks.json"), "utf8"))).toEqual({ tasks: [] })
    expect(await readdir(c64.home)).toEqual(["tasks.json"])
  })

  it("says the backend does not answer, with exit code 1", async () => {
    await writeFile(join(tsk.home, "config.json"), JSON.stringify({ c64: { backend: "ultimate", ultimateUrl: "http://127.0.0.1:9", timeoutMs: 300 } }))
    const { code, out } = await cli(["backend"])
    expect(code).toBe(1)
    expect(out).toMatch(/^✗ Backend: ultimate — ultimate at 127\.0\.0\.1:9: cannot connect/)
  })
})

describe("handing a start to a runner", () => {
  it("gives the start to the runner when one takes it", async () => {
    const seen: unknown[] = []
    setC64StartHandOff(async (request) => {
      seen.push(request)
      return { task: { id: "0009_read", name: "read", type: "background", operation: "read", args: {}, status: "running", startedAt: "2025-10-27T11-42-03Z", updatedAt: "2025-10-27T11-42-03Z", folder: "tasks/background/0009_read" }, runner: "pid 4242" }
    })
    const { code, out } = await cli(["start", "read", "--every", "1s", "--count", "5", "address=0x0400"])
    expect(code).toBe(0)
    expect(out).toBe("✓ Started 0009_read on the runner (pid 4242): read every 1s\n")
    expect(seen).toEqual([{ operation: "read", args: { address: "0x0400" }, everyMs: 1000, count: 5, name: undefined }])
    expect(await readdir(c64.home)).toEqual([])
  })

  it("runs here when no runner is up, and never offers bad input to the runner", async () => {
    let offered = 0
    setC64StartHandOff(async () => {
      offered++
      return null
    })
    expect((await cli(["start", "read", "--every", "1s", "length=70000"])).code).toBe(4)
    expect(offered).toBe(0)
    expect((await cli(["start", "read", "--every", "10ms", "--count", "1"])).code).toBe(0)
    expect(offered).toBe(1)
  })
})
