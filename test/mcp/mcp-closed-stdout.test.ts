// A client that stops reading `tsk mcp`'s stdout (it exited, or `| head` had enough) ends the
// server as a closed stdin does: quietly, exit 0, without Bun's stack trace for the EPIPE.
import { afterEach, beforeEach, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

const message = (value: unknown) => `${JSON.stringify({ jsonrpc: "2.0", ...(value as object) })}\n`

it("ends quietly when the client stops reading its answers", async () => {
  const child = spawn(BUN, [MAIN, "mcp"], { env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") }, stdio: ["pipe", "pipe", "pipe"] })
  let stderr = ""
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  const answered = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()))
  child.stdin.write(message({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }))
  await answered
  // The client stops reading: the next answer meets a closed pipe.
  child.stdout.destroy()
  child.stdin.write(message({ method: "notifications/initialized" }))
  child.stdin.write(message({ id: 2, method: "tools/list" }))
  expect(await exited).toBe(0)
  expect(stderr).not.toMatch(/EPIPE|broken pipe/)
})
