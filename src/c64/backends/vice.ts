// The VICE emulator through its binary monitor. Every monitor command halts the emulated CPU, so
// each operation (however many requests it takes) ends with EXIT (0xAA) to let it run on.
// Operations run one at a time so that EXIT never lands in the middle of another's requests.
import type { BackendStatus, C64Backend } from "../backend.ts"
import { backendError } from "./backend-errors.ts"
import { openViceConnection, type ViceConnection } from "./vice-connection.ts"
import { Command, keyboardFeedBody, memGetBody, memSetBody, parseMemGetBody } from "./vice-protocol.ts"

export const VICE_CHUNK = 4096
export const DEFAULT_VICE_HOST = "127.0.0.1"
export const DEFAULT_VICE_PORT = 6502

export interface ViceOptions {
  host?: string
  port?: number
  timeoutMs?: number
}

export function createViceBackend(options: ViceOptions = {}): C64Backend {
  const host = options.host ?? DEFAULT_VICE_HOST
  const port = options.port ?? DEFAULT_VICE_PORT
  const timeoutMs = options.timeoutMs ?? 5000
  const label = `vice at ${host}:${port}`
  let connection: Promise<ViceConnection> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  async function connect(): Promise<ViceConnection> {
    connection ??= openViceConnection(host, port, timeoutMs)
    try {
      return await connection
    } catch (error) {
      connection = null
      throw error
    }
  }

  /** Runs `fn` alone, then resumes the CPU; a broken connection is dropped for the next call. */
  function exclusive<T>(fn: (c: ViceConnection) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      if (closed) throw backendError(label, "the backend is closed")
      const c = await connect()
      try {
        const result = await fn(c)
        await c.request(Command.exit, new Uint8Array(), "EXIT")
        return result
      } catch (error) {
        // Try to let the machine run on even after a failure; then start afresh next time.
        await c.request(Command.exit, new Uint8Array(), "EXIT").catch(() => {})
        c.close()
        connection = null
        throw error
      }
    })
    queue = run.catch(() => {})
    return run
  }

  async function writeChunks(c: ViceConnection, address: number, bytes: Uint8Array): Promise<void> {
    for (let offset = 0; offset < bytes.length; offset += VICE_CHUNK) {
      await c.request(Command.memSet, memSetBody(address + offset, bytes.subarray(offset, offset + VICE_CHUNK)), "MEM_SET")
    }
  }

  return {
    name: "vice",
    read: (address, length) =>
      exclusive(async (c) => {
        const out = new Uint8Array(length)
        for (let offset = 0; offset < length; offset += VICE_CHUNK) {
          const size = Math.min(VICE_CHUNK, length - offset)
          const bytes = parseMemGetBody((await c.request(Command.memGet, memGetBody(address + offset, size), "MEM_GET")).body)
          if (bytes.length !== size) throw backendError(label, `MEM_GET returned ${bytes.length} bytes, not ${size}`)
          out.set(bytes, offset)
        }
        return out
      }),
    write: (address, bytes) => exclusive((c) => writeChunks(c, address, bytes)),
    reset: () => exclusive(async (c) => void (await c.request(Command.reset, Uint8Array.of(0x00), "RESET"))),
    runPrg: (prg) =>
      exclusive(async (c) => {
        const load = prg[0]! | (prg[1]! << 8)
        const end = load + prg.length - 2
        await writeChunks(c, load, prg.subarray(2))
        if (load === 0x0801) {
          // A BASIC program: point the start of variables ($2D-$32) past it, as LOAD would.
          const lo = end & 0xff
          const hi = end >> 8
          await c.request(Command.memSet, memSetBody(0x2d, Uint8Array.of(lo, hi, lo, hi, lo, hi)), "MEM_SET")
          await c.request(Command.keyboardFeed, keyboardFeedBody("RUN\r"), "KEYBOARD_FEED")
        } else {
          await c.request(Command.keyboardFeed, keyboardFeedBody(`SYS${load}\r`), "KEYBOARD_FEED")
        }
      }),
    async status(): Promise<BackendStatus> {
      try {
        await exclusive((c) => c.request(Command.ping, new Uint8Array(), "PING"))
        return { backend: "vice", ok: true, detail: `${label}: binary monitor answered` }
      } catch (error) {
        return { backend: "vice", ok: false, detail: error instanceof Error ? error.message : String(error) }
      }
    },
    async close() {
      closed = true
      await queue
      const c = connection
      connection = null
      if (c) (await c.catch(() => null))?.close()
    },
  }
}
