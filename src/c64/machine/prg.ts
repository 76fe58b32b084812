// PRG files: a 2-byte little-endian load address followed by the bytes to load. Programs for
// $0801 start with a BASIC line; the sim has no BASIC interpreter, but the usual one-line
// `SYS <address>` stub tells us where the machine code starts.
import { invalid } from "../../domain/errors.ts"
import { MEMORY_SIZE, hexAddress } from "./memory-range.ts"

export const BASIC_START = 0x0801
const SYS_TOKEN = 0x9e

export interface Prg {
  loadAddress: number
  data: Uint8Array
  /** One past the last loaded byte. */
  endAddress: number
}

export function parsePrg(prg: Uint8Array): Prg {
  if (prg.length < 3) throw invalid(`a PRG needs a 2-byte load address and at least 1 byte of data, got ${prg.length} bytes`)
  const loadAddress = prg[0]! | (prg[1]! << 8)
  const data = prg.subarray(2)
  const endAddress = loadAddress + data.length
  if (endAddress > MEMORY_SIZE) {
    throw invalid(`a PRG of ${data.length} bytes loaded at ${hexAddress(loadAddress)} runs past $FFFF`)
  }
  return { loadAddress, data, endAddress }
}

/** The address in a `SYS` on the program's first BASIC line, or null when there is none. */
export function basicSysAddress(prg: Prg): number | null {
  if (prg.loadAddress !== BASIC_START) return null
  // Skip the next-line link and the line number, then look for SYS, spaces and an optional "(".
  let index = 4
  const at = (offset: number) => prg.data[offset] ?? 0
  while (at(index) === 0x20) index++
  if (at(index) !== SYS_TOKEN) return null
  index++
  while (at(index) === 0x20 || at(index) === 0x28) index++
  let digits = ""
  while (at(index) >= 0x30 && at(index) <= 0x39) digits += String.fromCharCode(at(index++))
  const address = digits === "" ? Number.NaN : Number.parseInt(digits, 10)
  return Number.isInteger(address) && address < MEMORY_SIZE ? address : null
}

/** Where to start: an explicit address, else the SYS of a BASIC stub, else the load address. */
export function entryAddress(prg: Prg, start?: number): number {
  if (start !== undefined) {
    if (!Number.isInteger(start) || start < 0 || start >= MEMORY_SIZE) {
      throw invalid(`start address must be from 0 to 65535, got ${start}`)
    }
    return start
  }
  if (prg.loadAddress !== BASIC_START) return prg.loadAddress
  const sys = basicSysAddress(prg)
  if (sys === null) {
    throw invalid("this PRG is a BASIC program without a SYS line; the simulated C64 runs machine code only")
  }
  return sys
}
