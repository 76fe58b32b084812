// The SDK's own client talking to a real `tsk mcp` child process on a temporary home.
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { join } from "node:path"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

export interface McpSession {
  client: Client
  /** What the server wrote to stderr (stdout carries only the protocol). */
  stderr: () => string
  close: () => Promise<void>
}

/** `cwd`: the project folder the server runs in (part of the agent's memory key); `extraEnv` on top of this process's (less TSK_AGENT). */
export async function startMcp(home: string, args: string[] = [], clientName = "tsk-test", cwd?: string, extraEnv: Record<string, string> = {}): Promise<McpSession> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== "TSK_AGENT") env[key] = value
  Object.assign(env, extraEnv)
  const transport = new StdioClientTransport({
    command: BUN,
    args: [MAIN, "mcp", ...args],
    env: { ...env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" },
    stderr: "pipe",
    ...(cwd !== undefined ? { cwd } : {}),
  })
  let stderr = ""
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({ name: clientName, version: "1.0.0" })
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close() }
}

/** The JSON in a tool result's text. */
export function resultJson(result: unknown): any {
  const content = (result as { content: Array<{ type: string; text: string }> }).content
  return JSON.parse(content[0]!.text)
}
