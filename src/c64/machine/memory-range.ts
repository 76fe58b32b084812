// Validation shared by everything that reads or writes C64 memory on someone's behalf.
import { invalid } from "../../domain/errors.ts"

export const MEMORY_SIZE = 0x10000

export const hexAddress = (address: number) => `$${address.toString(16).toUpperCase().padStart(4, "0")}`

/** Throws an `invalid` TskError unless `length` bytes from `address` fit in 64 KiB. */
export function assertMemoryRange(address: number, length: number): void {
  if (!Number.isInteger(address) || address < 0 || address >= MEMORY_SIZE) {
    throw invalid(`address must be a whole number from 0 to 65535 ($0000-$FFFF), got ${address}`, { address })
  }
  if (!Number.isInteger(length) || length < 1) {
    throw invalid(`length must be a whole number of at least 1 byte, got ${length}`, { length })
  }
  if (address + length > MEMORY_SIZE) {
    throw invalid(
      `${length} bytes from ${hexAddress(address)} run past $FFFF (at most ${MEMORY_SIZE - address} fit)`,
      { address, length },
    )
  }
}
