// One TCP connection to VICE's binary monitor: sends requests, matches answers by request id
// (events in between are passed to `onEvent`), and fails every waiting request when the socket
// goes away. A request that times out closes the connection, since its late answer could
// otherwise be taken for the next request's. Every monitor command halts the emulated CPU, so a
// connection dropped after a timeout, a garbled answer or the monitor's hang-up first sends EXIT
// (resume) while the socket still takes it: the machine is never left halted by tsk.
import { createConnection, type Socket } from "node:net"
import { Command, EVENT_REQUEST_ID, ViceFrameReader, describeViceError, encodeRequest, type ViceResponse } from "./vice-protocol.ts"
import { backendError, describeNetworkError } from "./backend-errors.ts"

interface Waiting {
  resolve(response: ViceResponse): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

export interface ViceConnection {
  request(command: number, body: Uint8Array, what: string): Promise<ViceResponse>
  close(): void
}

export function openViceConnection(
  host: string,
  port: number,
  timeoutMs: number,
  onEvent: (event: ViceResponse) => void = () => {},
): Promise<ViceConnection> {
  const label = `vice at ${host}:${port}`
  return new Promise((resolve, reject) => {
    // Half open: when the monitor ends its side, ours can still send EXIT before it ends too.
    const socket: Socket = createConnection({ host, port, allowHalfOpen: true })
    const reader = new ViceFrameReader()
    const waiting = new Map<number, Waiting>()
    let nextId = 1
    let closedBecause: string | null = null

    const failAll = (reason: string) => {
      closedBecause ??= reason
      for (const [id, w] of waiting) {
        clearTimeout(w.timer)
        w.reject(backendError(label, reason))
        waiting.delete(id)
      }
    }

    /** Drops the connection, sending EXIT first when the socket still takes it. */
    const drop = () => {
      if (socket.destroyed) return
      if (!socket.writable) return void socket.destroy()
      socket.end(encodeRequest(nextId++, Command.exit, new Uint8Array()))
      // end() flushes EXIT and closes; a peer that never closes its side is cut off.
      setTimeout(() => socket.destroy(), timeoutMs).unref?.()
    }

    const connectTimer = setTimeout(() => {
      socket.destroy()
      reject(backendError(label, `no answer within ${timeoutMs} ms (is x64sc running with -binarymonitor?)`))
    }, timeoutMs)

    socket.once("connect", () => {
      clearTimeout(connectTimer)
      socket.setNoDelay(true)
      resolve(connection)
    })
    socket.on("error", (error) => {
      clearTimeout(connectTimer)
      const reason = `cannot connect: ${describeNetworkError(error)}`
      failAll(reason)
      reject(backendError(label, `${reason} (start x64sc with -binarymonitor)`))
    })
    socket.on("close", () => failAll("the monitor closed the connection"))
    socket.on("end", () => {
      failAll("the monitor closed the connection")
      drop()
    })
    socket.on("data", (chunk: Buffer) => {
      let frames: ViceResponse[]
      try {
        frames = reader.push(new Uint8Array(chunk))
      } catch (error) {
        failAll(`garbled answer: ${(error as Error).message}`)
        drop()
        return
      }
      for (const frame of frames) {
        if (frame.requestId === EVENT_REQUEST_ID) {
          onEvent(frame)
          continue
        }
        const w = waiting.get(frame.requestId)
        if (!w) continue
        waiting.delete(frame.requestId)
        clearTimeout(w.timer)
        w.resolve(frame)
      }
    })

    const connection: ViceConnection = {
      request(command, body, what) {
        if (closedBecause) return Promise.reject(backendError(label, closedBecause))
        const id = nextId++
        // Ids wrap well before the event id 0xffffffff.
        if (nextId >= 0x7fffffff) nextId = 1
        return new Promise<ViceResponse>((res, rej) => {
          const timer = setTimeout(() => {
            waiting.delete(id)
            rej(backendError(label, `no answer to ${what} within ${timeoutMs} ms`))
            failAll(`closed after ${what} timed out`)
            drop()
          }, timeoutMs)
          waiting.set(id, {
            resolve: (response) => (response.error === 0 ? res(response) : rej(backendError(label, `${what} failed: ${describeViceError(response.error)}`))),
            reject: rej,
            timer,
          })
          socket.write(encodeRequest(id, command, body))
        })
      },
      close() {
        failAll("the connection was closed")
        // A connection already ending is sending its EXIT: let it finish (drop cuts it off later).
        if (!socket.writableEnded) socket.destroy()
      },
    }
  })
}
