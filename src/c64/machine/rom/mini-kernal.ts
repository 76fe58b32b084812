// The mini-KERNAL's bytes, decoded once per process from the image generated from
// mini-kernal.asm (assembling at start-up would cost tens of milliseconds in every CLI call).
import { MINI_KERNAL_IMAGE } from "./mini-kernal-image.ts"

export interface MiniKernalImage {
  /** The `JMP *` the reset routine ends in: reaching it means the machine is ready. */
  idleAddress: number
  segments: { address: number; hex: string }[]
}

export interface MiniKernal {
  idleAddress: number
  segments: { address: number; bytes: Uint8Array }[]
}

let decoded: MiniKernal | undefined

export function miniKernal(): MiniKernal {
  decoded ??= {
    idleAddress: MINI_KERNAL_IMAGE.idleAddress,
    segments: MINI_KERNAL_IMAGE.segments.map((segment) => ({
      address: segment.address,
      bytes: Uint8Array.from(Buffer.from(segment.hex, "hex")),
    })),
  }
  return decoded
}
