// Direct access to the machine that creates no task: peek, poke, the screen, reset and run-prg.
// Inputs are validated like task arguments; answers are plain JSON.
import * as z from "zod"
import { invalid } from "../domain/errors.ts"
import { describeZodIssues } from "../store/durable-file.ts"
import type { C64Backend } from "./backend.ts"
import { Address, Bytes, Length, formatAddress, rangeCheck, toHex } from "./operations/memory-args.ts"
import { SCREEN_ADDRESS, SCREEN_SIZE, decodeScreen } from "./operations/screen-codes.ts"

export interface MemoryAnswer {
  address: string
  length: number
  hex: string
}

export interface MachineAccess {
  peek(address: string | number, length?: string | number): Promise<MemoryAnswer>
  poke(address: string | number, bytes: string | number[] | Uint8Array): Promise<MemoryAnswer>
  screen(): Promise<{ address: string; rows: string[] }>
  reset(): Promise<{ reset: true }>
  runPrg(prg: Uint8Array): Promise<{ loadAddress: string; length: number }>
}

const PeekArgs = z.strictObject({ address: Address, length: Length.default(16) }).superRefine(rangeCheck)
const PokeArgs = z
  .strictObject({ address: Address, bytes: Bytes })
  .superRefine((v, ctx) => rangeCheck({ address: v.address, length: v.bytes.length }, ctx))

function check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw invalid(`${what}: ${describeZodIssues(parsed.error)}`)
  return parsed.data
}

/** A PRG is a little-endian load address and the bytes that go there. */
export function parsePrg(prg: Uint8Array): { loadAddress: number; length: number } {
  if (prg.length < 3) throw invalid("a PRG file needs a 2-byte load address and at least one byte of program")
  const loadAddress = prg[0]! | (prg[1]! << 8)
  const length = prg.length - 2
  if (loadAddress + length > 0x10000) throw invalid(`the program (${length} bytes at ${formatAddress(loadAddress)}) runs past $FFFF`)
  return { loadAddress, length }
}

export function createMachineAccess(backend: C64Backend): MachineAccess {
  return {
    async peek(address, length) {
      const a = check(PeekArgs, { address, ...(length === undefined ? {} : { length }) }, "peek")
      const bytes = await backend.read(a.address, a.length)
      return { address: formatAddress(a.address), length: bytes.length, hex: toHex(bytes) }
    },
    async poke(address, bytes) {
      const a = check(PokeArgs, { address, bytes: bytes instanceof Uint8Array ? Array.from(bytes) : bytes }, "poke")
      await backend.write(a.address, a.bytes)
      return { address: formatAddress(a.address), length: a.bytes.length, hex: toHex(a.bytes) }
    },
    async screen() {
      const rows = decodeScreen(await backend.read(SCREEN_ADDRESS, SCREEN_SIZE)).map((r) => r.trimEnd())
      return { address: formatAddress(SCREEN_ADDRESS), rows }
    },
    async reset() {
      await backend.reset()
      return { reset: true }
    },
    async runPrg(prg) {
      const info = parsePrg(prg)
      await backend.runPrg(prg)
      return { loadAddress: formatAddress(info.loadAddress), length: info.length }
    },
  }
}
