// The 6502's status byte and the arithmetic that several opcodes share (ADC and SBC with RRA and
// ISC, ARR on its own), as pure functions the generated run loop calls and the JIT inlines.

export const FLAG_C = 0x01
export const FLAG_Z = 0x02
export const FLAG_B = 0x10
export const FLAG_U = 0x20
export const FLAG_N = 0x80

/** Status byte from the unpacked flags (zeroSource is zero exactly when Z is set). */
export function packStatus(c: number, zeroSource: number, i: number, d: number, v: number, negativeSource: number): number {
  return (
    (negativeSource & FLAG_N) |
    (v << 6) |
    FLAG_U |
    (d << 3) |
    (i << 2) |
    ((zeroSource & 0xff) === 0 ? FLAG_Z : 0) |
    c
  )
}

// The shared operations return one packed number: A in bits 0-7, C in bit 8, V in bit 9, the byte
// Z is taken from in bits 10-17 and N in bit 18.
export const PACK_C = 8
export const PACK_V = 9
export const PACK_Z = 10
export const PACK_N = 18

export function addWithCarry(a: number, value: number, c: number, d: number): number {
  if (d === 0) {
    const sum = a + value + c
    const v = ((~(a ^ value) & (a ^ sum)) >> 7) & 1
    const result = sum & 0xff
    return result | ((sum >> 8) << PACK_C) | (v << PACK_V) | (result << PACK_Z) | ((result >> 7) << PACK_N)
  }
  // NMOS decimal add: N and V come from the half-adjusted sum, Z from the binary sum.
  let sum = (a & 0x0f) + (value & 0x0f) + c
  if (sum > 0x09) sum += 0x06
  sum = sum <= 0x0f ? (sum & 0x0f) + (a & 0xf0) + (value & 0xf0) : (sum & 0x0f) + (a & 0xf0) + (value & 0xf0) + 0x10
  const zeroSource = (a + value + c) & 0xff
  const negative = (sum >> 7) & 1
  const v = ((a ^ sum) & 0x80) !== 0 && ((a ^ value) & 0x80) === 0 ? 1 : 0
  if ((sum & 0x1f0) > 0x90) sum += 0x60
  const carry = (sum & 0xff0) > 0xf0 ? 1 : 0
  return (sum & 0xff) | (carry << PACK_C) | (v << PACK_V) | (zeroSource << PACK_Z) | (negative << PACK_N)
}

export function subtractWithBorrow(a: number, value: number, c: number, d: number): number {
  const difference = a - value - (1 - c)
  // NMOS decimal subtract: every flag comes from the binary difference, only A is adjusted.
  const v = (((a ^ value) & (a ^ difference)) >> 7) & 1
  const binary = difference & 0xff
  let result = binary
  if (d !== 0) {
    let adjusted = (a & 0x0f) - (value & 0x0f) - (1 - c)
    adjusted =
      adjusted & 0x10
        ? ((adjusted - 6) & 0x0f) | ((a & 0xf0) - (value & 0xf0) - 0x10)
        : (adjusted & 0x0f) | ((a & 0xf0) - (value & 0xf0))
    if (adjusted & 0x100) adjusted -= 0x60
    result = adjusted & 0xff
  }
  const carry = difference >= 0 ? 1 : 0
  return result | (carry << PACK_C) | (v << PACK_V) | (binary << PACK_Z) | ((binary >> 7) << PACK_N)
}

/** ARR: AND then ROR, with the flags (and, in decimal mode, the BCD fix-up) of the NMOS chip. */
export function andRotateRight(a: number, value: number, c: number, d: number): number {
  const t = a & value
  const result = (t >> 1) | (c << 7)
  if (d === 0) {
    const carry = (result >> 6) & 1
    const v = ((result >> 6) ^ (result >> 5)) & 1
    return result | (carry << PACK_C) | (v << PACK_V) | (result << PACK_Z) | ((result >> 7) << PACK_N)
  }
  const v = ((t ^ result) >> 6) & 1
  let adjusted = result
  if ((t & 0x0f) + (t & 0x01) > 0x05) adjusted = (adjusted & 0xf0) | ((adjusted + 0x06) & 0x0f)
  let carry = 0
  if ((t & 0xf0) + (t & 0x10) > 0x50) {
    carry = 1
    adjusted = (adjusted + 0x60) & 0xff
  }
  return adjusted | (carry << PACK_C) | (v << PACK_V) | (result << PACK_Z) | (c << PACK_N)
}

/** The unstable stores (SHA SHX SHY TAS) AND the stored register with the target's high byte + 1. */
export function highByteMask(address: number): number {
  return ((address >> 8) + 1) & 0xff
}
