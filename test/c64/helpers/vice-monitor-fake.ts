// A loopback fake of VICE's binary monitor over a 64 KiB array. Like VICE, any command halts the
// emulated CPU (announced by a STOPPED event with id 0xffffffff before the answer) and EXIT lets it
// run on (a RESUMED event after the answer). It can fragment its answers, stay silent, or answer
// with an error code, to test the client's framing and failure handling.
import { createServer, type Server, type Socket } from "node:net"

export interface ViceFakeCommand {
  command: number
  requestId: number
  body: Uint8Array
}

export interface ViceMonitorFake {
  port: number
  memory: Uint8Array
  commands: ViceFakeCommand[]
  /** False between a command and the EXIT that follows it. */
  running: boolean
  typed: string[]
  /** Answer byte by byte, to test reassembly of frames. */
  fragment: boolean
  /** Commands to leave unanswered (by command byte). */
  silentOn: Set<number>
  /** Answer this command with an error code. */
  errorOn: Map<number, number>
  /** Answer these commands with bytes that are no frame. */
  garbleOn: Set<number>
  /** Hang up (end our side of the connection) instead of answering these commands. */
  hangUpOn: Set<number>
  connections: number
  stop(): Promise<void>
}

const EVENT_ID = 0xffffffff

function frame(type: number, error: number, requestId: number, body: Uint8Array = new Uint8Array()): Uint8Array {
  const out = new Uint8Array(12 + body.length)
  const view = new DataView(out.buffer)
  out[0] = 0x02
  out[1] = 0x02
  view.setUint32(2, body.length, true)
  out[6] = type
  out[7] = error
  view.setUint32(8, requestId, true)
  out.set(body, 12)
  return out
}

export async function startViceMonitorFake(): Promise<ViceMonitorFake> {
  const sockets = new Set<Socket>()
  const fake: ViceMonitorFake = {
    port: 0,
    memory: new Uint8Array(0x10000),
    commands: [],
    running: true,
    typed: [],
    fragment: false,
    silentOn: new Set(),
    errorOn: new Map(),
    garbleOn: new Set(),
    hangUpOn: new Set(),
    connections: 0,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }

  function send(socket: Socket, bytes: Uint8Array): void {
    // A monitor that hung up its side answers nothing more (tsk's EXIT may still arrive after it).
    if (socket.writableEnded || socket.destroyed) return
    if (!fake.fragment) return void socket.write(bytes)
    for (const byte of bytes) socket.write(Uint8Array.of(byte))
  }

  function answer(socket: Socket, cmd: ViceFakeCommand): void {
    if (fake.running) {
      fake.running = false
      send(socket, frame(0x62, 0, EVENT_ID, Uint8Array.of(0x00, 0xe0)))
    }
    if (fake.silentOn.has(cmd.command)) return
    if (fake.garbleOn.has(cmd.command)) return send(socket, Uint8Array.of(0x47, 0x41, 0x52, 0x42, 0x4c, 0x45, 0x44, 0x21, 0x21, 0x21, 0x21, 0x21))
    if (fake.hangUpOn.has(cmd.command)) return void socket.end()
    const error = fake.errorOn.get(cmd.command)
    if (error !== undefined) return send(socket, frame(cmd.command, error, cmd.requestId))
    const view = new DataView(cmd.body.buffer, cmd.body.byteOffset, cmd.body.byteLength)
    switch (cmd.command) {
      case 0x01: {
        const start = view.getUint16(1, true)
        const end = view.getUint16(3, true)
        const bytes = fake.memory.slice(start, end + 1)
        send(socket, frame(0x01, 0, cmd.requestId, Uint8Array.from([bytes.length & 0xff, bytes.length >> 8, ...bytes])))
        return
      }
      case 0x02:
        fake.memory.set(cmd.body.subarray(8), view.getUint16(1, true))
        return send(socket, frame(0x02, 0, cmd.requestId))
      case 0x72:
        fake.typed.push(new TextDecoder().decode(cmd.body.subarray(1, 1 + cmd.body[0]!)))
        return send(socket, frame(0x72, 0, cmd.requestId))
      case 0xaa:
        send(socket, frame(0xaa, 0, cmd.requestId))
        fake.running = true
        return send(socket, frame(0x63, 0, EVENT_ID, Uint8Array.of(0x00, 0xe0)))
      default:
        return send(socket, frame(cmd.command, 0, cmd.requestId))
    }
  }

  const server: Server = createServer((socket) => {
    fake.connections++
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    let buffer = new Uint8Array(0)
    socket.on("data", (chunk: Buffer) => {
      const merged = new Uint8Array(buffer.length + chunk.length)
      merged.set(buffer)
      merged.set(chunk, buffer.length)
      buffer = merged
      while (buffer.length >= 11) {
        const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
        const length = view.getUint32(2, true)
        if (buffer.length < 11 + length) break
        const cmd = { command: buffer[10]!, requestId: view.getUint32(6, true), body: buffer.slice(11, 11 + length) }
        buffer = buffer.slice(11 + length)
        fake.commands.push(cmd)
        answer(socket, cmd)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  fake.port = (server.address() as { port: number }).port
  return fake
}
