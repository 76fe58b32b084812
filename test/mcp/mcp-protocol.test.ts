// The JSON-RPC edges of a real `tsk mcp` process over stdio: lines that are not JSON, requests of
// the wrong shape, calls before initialize and lines over the size limit are answered with errors,
// and the server goes on answering the next line.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, MAIN, runTskJson } from "../helpers/run-tsk.ts"
import { MAX_LINE_BYTES } from "../../src/mcp/line-transport.ts"

interface Reply {
  id: string | number | null
  result?: unknown
  error?: { code: number; message: string }
}

let temp: ReturnType<typeof makeTempHome>
let child: ChildProcessWithoutNullStreams | null = null
let replies: Reply[] = []
let waiters: Array<() => void> = []

beforeEach(() => {
  temp = makeTempHome("tsk-mcp-protocol-")
  replies = []
  waiters = []
  child = spawn(BUN, [MAIN, "mcp"], { env: { ...process.env, TSK_HOME: temp.home, C64BRIDGE_HOME: join(temp.home, "c64bridge"), NO_COLOR: "1" } })
  let pending = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk
    let newline = pending.indexOf("\n")
    while (newline !== -1) {
      replies.push(JSON.parse(pending.slice(0, newline)) as Reply)
      pending = pending.slice(newline + 1)
      newline = pending.indexOf("\n")
    }
    for (const wake of waiters.splice(0)) wake()
  })
})
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve))
    child.stdin.end()
    await exited
  }
  child = null
  temp.cleanup()
})

const send = (line: string) => child!.stdin.write(`${line}\n`)

/** The next reply (in order of arrival), waiting for it as long as it takes. */
async function next(): Promise<Reply> {
  while (replies.length === 0) {
    if (child!.exitCode !== null) throw new Error(`tsk mcp exited with ${child!.exitCode}`)
    await new Promise<void>((resolve) => waiters.push(resolve))
  }
  return replies.shift()!
}

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }

describe("tsk mcp on the wire", () => {
  it("answers a line that is not JSON with -32700 and goes on", async () => {
    send("this is not json")
    expect(await next()).toMatchObject({ id: null, error: { code: -32700 } })
    send(JSON.stringify(initialize))
    expect((await next()).result).toMatchObject({ serverInfo: { name: "tsk" } })
  }, 30_000)

  it("refuses tools/call before initialize, and creates nothing", async () => {
    send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "task_create", arguments: { title: "Too early" } } }))
    expect(await next()).toMatchObject({ id: 7, error: { code: -32002 } })
    send(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "ping" }))
    expect(await next()).toMatchObject({ id: 8, result: {} })
    expect(runTskJson<unknown[]>(temp.home, ["list"])).toEqual([])
  }, 30_000)

  it("answers params of the wrong type with an error carrying the request's id", async () => {
    send(JSON.stringify(initialize))
    await next()
    send(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: "task_create" }))
    expect(await next()).toMatchObject({ id: 9, error: { code: -32602 } })
    send(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/call", params: { name: 42 } }))
    expect(await next()).toMatchObject({ id: 10, error: { code: expect.any(Number) } })
    send(JSON.stringify({ id: 11, method: "tools/list" }))
    expect(await next()).toMatchObject({ id: 11, error: { code: -32600 } })
  }, 30_000)

  it("answers a line over the size limit with an error and keeps serving", async () => {
    send(JSON.stringify(initialize))
    await next()
    const huge = JSON.stringify({ jsonrpc: "2.0", id: 12, method: "tools/call", params: { name: "task_create", arguments: { title: "x", description: "y".repeat(MAX_LINE_BYTES + 1024) } } })
    expect(huge.length).toBeGreaterThan(MAX_LINE_BYTES)
    send(huge)
    expect(await next()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining("too large") } })
    send(JSON.stringify({ jsonrpc: "2.0", id: 13, method: "tools/list" }))
    const listed = await next()
    expect(listed.id).toBe(13)
    expect(child!.exitCode).toBeNull()
  }, 60_000)
})
