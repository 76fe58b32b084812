// The stdio transport of `tsk mcp`: newline-delimited JSON-RPC on stdin/stdout, answering what the
// SDK's own transport drops on the floor. A line that is not JSON gets -32700 (parse error); JSON
// that is not a JSON-RPC message gets -32600 (invalid request), or -32602 (invalid params) when it
// is a request whose `params` has the wrong type; a request other than `initialize` or `ping`
// before `initialize` gets -32002 and is not run; a line longer than MAX_LINE_BYTES gets -32600
// and is skipped to its end, and the server goes on with the next line.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

/** The longest line read: room for a memory_append of 500 messages of 16 KiB each (what memory keeps of a string). */
export const MAX_LINE_BYTES = 8 * 1024 * 1024

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const INVALID_PARAMS = -32602
/** Implementation-defined (JSON-RPC's server range), as LSP names it: the server is not initialized. */
export const NOT_INITIALIZED = -32002

type Id = string | number | null
const BEFORE_INITIALIZE = new Set(["initialize", "ping"])

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void

  private chunks: Buffer[] = []
  private size = 0
  /** Inside a line over the limit: bytes are dropped up to its newline. */
  private skipping = false
  private initialized = false
  private closed = false

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === "string" ? Buffer.from(chunk) : chunk
    while (data.length > 0) {
      const newline = data.indexOf(10)
      const part = newline === -1 ? data : data.subarray(0, newline)
      if (!this.skipping) {
        this.chunks.push(part)
        this.size += part.length
        if (this.size > this.maxLineBytes) {
          this.chunks = []
          this.size = 0
          this.skipping = true
          this.reply(null, INVALID_REQUEST, `message too large: a line is at most ${this.maxLineBytes} bytes`)
        }
      }
      if (newline === -1) return
      if (!this.skipping) this.line(Buffer.concat(this.chunks).toString("utf8"))
      this.chunks = []
      this.size = 0
      this.skipping = false
      data = data.subarray(newline + 1)
    }
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error)

  async start(): Promise<void> {
    this.stdin.on("data", this.onData)
    this.stdin.on("error", this.onStreamError)
  }

  private line(raw: string): void {
    const text = raw.replace(/\r$/, "")
    if (text.trim().length === 0) return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return this.reply(null, PARSE_ERROR, "parse error: the line is not JSON")
    }
    const parsed = JSONRPCMessageSchema.safeParse(value)
    const object = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
    const id: Id = object && (typeof object.id === "string" || typeof object.id === "number") ? object.id : null
    if (!parsed.success) {
      const isRequest = object !== null && typeof object.method === "string"
      // A notification with a bad shape is not answered (JSON-RPC answers no notification).
      if (isRequest && id === null && !("id" in object)) return
      if (isRequest && "params" in object && (typeof object.params !== "object" || object.params === null)) return this.reply(id, INVALID_PARAMS, "invalid params: params must be an object")
      return this.reply(id, INVALID_REQUEST, "invalid request: not a JSON-RPC 2.0 message")
    }
    const message = parsed.data
    if ("method" in message && "id" in message) {
      if (!this.initialized && !BEFORE_INITIALIZE.has(message.method)) return this.reply(message.id, NOT_INITIALIZED, `not initialized: send initialize before ${message.method}`)
      if (message.method === "initialize") this.initialized = true
    }
    this.onmessage?.(message)
  }

  private reply(id: Id, code: number, message: string): void {
    void this.write({ jsonrpc: "2.0", id, error: { code, message } })
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve()
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve()
      else this.stdout.once("drain", resolve)
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stdin.off("data", this.onData)
    this.stdin.off("error", this.onStreamError)
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause()
    this.chunks = []
    this.onclose?.()
  }
}
