// One machine for every command: poke, peek and screen run as separate `tsk` processes and see the
// same simulated C64, the one the runner owns, whether the user started a runner first or the
// first command started one on demand. Every runner a test starts is stopped by that test.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../../helpers/temp-home.ts"
import { runTskAsync } from "../../helpers/run-tsk.ts"
import { spawnServe, type ServeProcess } from "../../bridge/bridge-helpers.ts"
import { stopRunner } from "../../helpers/stop-runner.ts"
import { readRunnerStatus } from "../../../src/store/runner-role.ts"

// Screen row 3 ($0478), which the demo program leaves alone: "HELLO" in screen codes.
const ROW_3 = "0x0478"
const HELLO = ["08", "05", "0c", "0c", "0f"]

let temp: ReturnType<typeof makeTempHome>
beforeEach(() => {
  temp = makeTempHome("tsk-one-machine-")
})
afterEach(async () => {
  await stopRunner(temp.home)
  temp.cleanup()
})

async function pokePeekScreen(home: string) {
  const poke = await runTskAsync(home, ["c64", "poke", "0xc000", "de", "ad"])
  const hello = await runTskAsync(home, ["c64", "poke", ROW_3, ...HELLO])
  const peek = await runTskAsync(home, ["c64", "peek", "0xc000", "2", "--json"])
  const screen = await runTskAsync(home, ["c64", "screen", "--json"])
  return { poke, hello, peek, screen }
}

describe("one simulated C64 for every command", () => {
  it("starts a runner on demand, says so once, and later commands see what earlier ones wrote", async () => {
    const { poke, hello, peek, screen } = await pokePeekScreen(temp.home)
    expect(poke.code, poke.stderr).toBe(0)
    expect(poke.stderr).toMatch(/started a runner in the background \(pid \d+\).*tsk agent stop/)
    expect(hello.stderr).toBe("")
    expect(JSON.parse(peek.stdout)).toEqual({ address: "$C000", length: 2, hex: "dead" })
    expect(JSON.parse(screen.stdout).rows[3]).toBe("HELLO")
    const runner = readRunnerStatus(temp.home)
    expect(runner.running).toBe(true)
    expect(poke.stderr).toContain(`pid ${runner.pid}`)
  })

  it("uses the runner the user started first, and starts none of its own", async () => {
    let serve: ServeProcess | null = null
    try {
      serve = await spawnServe(temp.home)
      const { poke, hello, peek, screen } = await pokePeekScreen(temp.home)
      for (const result of [poke, hello, peek, screen]) {
        expect(result.code, result.stderr).toBe(0)
        expect(result.stderr).toBe("")
      }
      expect(JSON.parse(peek.stdout).hex).toBe("dead")
      expect(JSON.parse(screen.stdout).rows[3]).toBe("HELLO")
      expect(readRunnerStatus(temp.home).pid).toBe(serve.child.pid)
      expect(serve.output()).toContain("Processing: c64-peek → ok")
    } finally {
      serve?.child.kill("SIGTERM")
      await serve?.exited
    }
  })

  it("reports the runner's machine from tsk c64 backend, and starts no runner just to look", async () => {
    const idle = await runTskAsync(temp.home, ["c64", "backend", "--json"])
    expect(idle.code, idle.stderr).toBe(0)
    expect(JSON.parse(idle.stdout)).toMatchObject({ backend: "sim", ok: true, detail: expect.stringMatching(/^sim: no machine runs yet \(no runner is up\)/) })
    expect(readRunnerStatus(temp.home).running).toBe(false)
    // A program that jams the CPU: only the runner's machine runs it, so only its status says so.
    const prg = join(temp.home, "jam.prg")
    writeFileSync(prg, Uint8Array.of(0x00, 0xc0, 0x02))
    const ran = await runTskAsync(temp.home, ["c64", "run-prg", prg])
    expect(ran.code, ran.stderr).toBe(0)
    const runner = readRunnerStatus(temp.home)
    const jammed = await runTskAsync(temp.home, ["c64", "backend"])
    expect(jammed.code).toBe(1)
    expect(jammed.stdout).toBe(`✗ Backend: sim — sim: 6502 jammed at $C000 (opcode $02), in the runner (pid ${runner.pid})\n`)
    const reset = await runTskAsync(temp.home, ["c64", "reset"])
    expect(reset.code, reset.stderr).toBe(0)
    const running = await runTskAsync(temp.home, ["c64", "backend", "--json"])
    expect(running.code, running.stderr).toBe(0)
    expect(JSON.parse(running.stdout)).toMatchObject({ backend: "sim", ok: true, runnerPid: runner.pid, detail: expect.stringMatching(/^sim: 6502 running at [\d.]+ MHz.*, in the runner \(pid \d+\)$/) })
  })

  it("runs foreground tasks and reset on the runner's machine too", async () => {
    const poke = await runTskAsync(temp.home, ["c64", "poke", "0xc000", "12", "34"])
    expect(poke.code, poke.stderr).toBe(0)
    const run = await runTskAsync(temp.home, ["c64", "run", "read", "address=0xc000", "length=2", "--json"])
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ task: { id: "0001_read", status: "completed" }, result: { summary: { hex: "1234" } } })
    const reset = await runTskAsync(temp.home, ["c64", "reset"])
    expect(reset.stdout).toBe("✓ Reset\n")
    const bad = await runTskAsync(temp.home, ["c64", "peek", "0xffff", "2", "--json"])
    expect(bad.code).toBe(4)
    expect(JSON.parse(bad.stdout).error).toEqual({ kind: "invalid", message: "peek: length: $FFFF + 2 bytes runs past $FFFF" })
  })
})
