// `tsk mcp`: the MCP server on stdin/stdout until the client closes stdin. stdout carries the
// protocol and nothing else, so anything that would log there (a library's console.log, a
// warning) is sent to stderr for the life of the server.
import pkg from "../../package.json" with { type: "json" }
import { createTskMcpServer } from "./server.ts"
import { createStderrMcpRecorder } from "./mcp-memory.ts"
import { LineTransport } from "./line-transport.ts"
import type { ToolRow } from "./tool-table.ts"

function consoleToStderr(): void {
  const toStderr = (...args: unknown[]) => console.error(...args)
  console.log = toStderr
  console.info = toStderr
  console.warn = toStderr
  console.debug = toStderr
}

export async function runMcpStdio(options: { home: string; env: NodeJS.ProcessEnv; tools: readonly ToolRow[]; signal: AbortSignal }): Promise<void> {
  consoleToStderr()
  const recorder = createStderrMcpRecorder(options.home)
  const server = createTskMcpServer({ home: options.home, env: options.env, tools: options.tools, version: pkg.version }, recorder)
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
  })
  // A client that stops reading (it exited, or `| head` had enough) is a client gone too: the
  // write that finds stdout closed ends the server quietly, not with Bun's stack trace for EPIPE.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error
    void server.close()
  })
  await server.connect(new LineTransport())
  // The transport does not notice the end of stdin on its own: that is the client going away.
  process.stdin.once("end", () => void server.close())
  process.stdin.once("close", () => void server.close())
  // Ctrl+C or SIGTERM (the CLI turns both into this signal) ends the server the same way.
  if (options.signal.aborted) await server.close()
  else options.signal.addEventListener("abort", () => void server.close(), { once: true })
  await closed
  // The last calls' memory is written before the process ends.
  await recorder.idle()
}
