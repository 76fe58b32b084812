// VICE's binary monitor protocol (API version 2), the parts tsk uses. Requests:
//   STX(0x02) API(0x02) bodyLength:u32le requestId:u32le command:u8 body
// Responses and events:
//   STX(0x02) API(0x02) bodyLength:u32le type:u8 error:u8 requestId:u32le body
// Events such as STOPPED (0x62) and RESUMED (0x63) carry request id 0xffffffff and may arrive
// between a request and its response, so responses are matched by id, never by order.
export const STX = 0x02
export const API_VERSION = 0x02
export const EVENT_REQUEST_ID = 0xffffffff

export const Command = {
  memGet: 0x01,
  memSet: 0x02,
  keyboardFeed: 0x72,
  ping: 0x81,
  exit: 0xaa,
  reset: 0xcc,
} as const

export const Event = { stopped: 0x62, resumed: 0x63, jam: 0x61 } as const

/** Main memory as the CPU sees it. */
export const MEMSPACE_MAIN = 0x00

const ERROR_TEXT: Record<number, string> = {
  0x01: "the object does not exist",
  0x02: "invalid memspace",
  0x80: "command length incorrect",
  0x81: "invalid parameter value",
  0x82: "API version not understood",
  0x83: "command type not understood",
  0x8f: "general failure",
}

export function describeViceError(code: number): string {
  return `${ERROR_TEXT[code] ?? "unknown error"} (0x${code.toString(16).padStart(2, "0")})`
}

export interface ViceResponse {
  type: number
  error: number
  requestId: number
  body: Uint8Array
}

export function encodeRequest(requestId: number, command: number, body: Uint8Array = new Uint8Array()): Uint8Array {
  const frame = new Uint8Array(11 + body.length)
  const view = new DataView(frame.buffer)
  frame[0] = STX
  frame[1] = API_VERSION
  view.setUint32(2, body.length, true)
  view.setUint32(6, requestId >>> 0, true)
  frame[10] = command
  frame.set(body, 11)
  return frame
}

/** MEM_GET / MEM_SET head: side effects, start, end (inclusive), memspace, bank. */
function memoryHead(start: number, length: number, extra: number): { frame: Uint8Array; view: DataView } {
  const frame = new Uint8Array(8 + extra)
  const view = new DataView(frame.buffer)
  frame[0] = 0 // no side effects: reading must not acknowledge interrupts or clear latches
  view.setUint16(1, start, true)
  view.setUint16(3, start + length - 1, true)
  frame[5] = MEMSPACE_MAIN
  view.setUint16(6, 0, true)
  return { frame, view }
}

export function memGetBody(start: number, length: number): Uint8Array {
  return memoryHead(start, length, 0).frame
}

export function memSetBody(start: number, bytes: Uint8Array): Uint8Array {
  const { frame } = memoryHead(start, bytes.length, bytes.length)
  frame.set(bytes, 8)
  return frame
}

/** MEM_GET answers with a u16 length and the bytes. */
export function parseMemGetBody(body: Uint8Array): Uint8Array {
  if (body.length < 2) throw new Error("MEM_GET answer is too short")
  const length = body[0]! | (body[1]! << 8)
  return body.slice(2, 2 + length)
}

export function keyboardFeedBody(text: string): Uint8Array {
  const bytes = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0) & 0xff))
  return Uint8Array.from([bytes.length, ...bytes])
}

/** Collects bytes from the socket and hands out whole frames as they complete. */
export class ViceFrameReader {
  private buffer = new Uint8Array(0)

  push(chunk: Uint8Array): ViceResponse[] {
    const merged = new Uint8Array(this.buffer.length + chunk.length)
    merged.set(this.buffer)
    merged.set(chunk, this.buffer.length)
    this.buffer = merged
    const frames: ViceResponse[] = []
    for (;;) {
      if (this.buffer.length < 12) break
      if (this.buffer[0] !== STX) throw new Error(`unexpected byte 0x${this.buffer[0]!.toString(16)} where a frame should start`)
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength)
      const bodyLength = view.getUint32(2, true)
      if (this.buffer.length < 12 + bodyLength) break
      frames.push({
        type: this.buffer[6]!,
        error: this.buffer[7]!,
        requestId: view.getUint32(8, true),
        body: this.buffer.slice(12, 12 + bodyLength),
      })
      this.buffer = this.buffer.slice(12 + bodyLength)
    }
    return frames
  }
}
