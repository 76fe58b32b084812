// Sprite shapes: 24×21 pixels in 63 bytes (3 per row, most significant bit leftmost), each in a
// 64-byte slot. Hi-res: bit 1 → the sprite's colour. Multicolour: bit pairs, each pair two pixels
// wide: 01 → $D025, 10 → the sprite's colour, 11 → $D026, 00 → transparent.
export const SPRITE_WIDTH = 24
export const SPRITE_HEIGHT = 21
export const SPRITE_BYTES = 63
export const SPRITE_SLOT = 64

/** A decoded shape: rows of palette indices, `null` where the sprite is transparent. */
export type SpritePixels = Array<Array<number | null>>

export type SpriteMode = "hires" | "multicolor"

export interface SpriteColors {
  /** The sprite's own colour ($D027 + n). */
  sprite: number
  /** Shared multicolour 0 ($D025) and 1 ($D026). */
  multi0: number
  multi1: number
}

export function decodeHiresSprite(bytes: Uint8Array, color: number): SpritePixels {
  const rows: SpritePixels = []
  for (let y = 0; y < SPRITE_HEIGHT; y++) {
    const row: Array<number | null> = []
    for (let x = 0; x < SPRITE_WIDTH; x++) {
      const byte = bytes[y * 3 + (x >> 3)] ?? 0
      row.push(byte & (0x80 >> (x & 7)) ? color & 0x0f : null)
    }
    rows.push(row)
  }
  return rows
}

export function decodeMulticolorSprite(bytes: Uint8Array, colors: SpriteColors): SpritePixels {
  const byPair = [null, colors.multi0 & 0x0f, colors.sprite & 0x0f, colors.multi1 & 0x0f] as const
  const rows: SpritePixels = []
  for (let y = 0; y < SPRITE_HEIGHT; y++) {
    const row: Array<number | null> = []
    for (let pair = 0; pair < SPRITE_WIDTH / 2; pair++) {
      const byte = bytes[y * 3 + (pair >> 2)] ?? 0
      const bits = (byte >> (6 - 2 * (pair & 3))) & 0b11
      const color = byPair[bits]!
      row.push(color, color)
    }
    rows.push(row)
  }
  return rows
}

export function decodeSprite(bytes: Uint8Array, mode: SpriteMode, colors: SpriteColors): SpritePixels {
  return mode === "multicolor" ? decodeMulticolorSprite(bytes, colors) : decodeHiresSprite(bytes, colors.sprite)
}

/** A slot whose 63 data bytes are all zero holds no shape. */
export function isEmptySprite(bytes: Uint8Array): boolean {
  for (let i = 0; i < SPRITE_BYTES && i < bytes.length; i++) if (bytes[i] !== 0) return false
  return true
}

/** The VIC-II state that decides how a slot is shown (read from $D000-$D02E, $D018, $DD00). */
export interface VicSpriteState {
  /** $D01C: bit n set → sprite n is multicolour. */
  multicolorMask: number
  /** $D015: bit n set → sprite n is shown. */
  enabledMask: number
  multi0: number
  multi1: number
  /** $D027-$D02E. */
  spriteColors: number[]
  /** $D021, shown where a sprite is transparent. */
  background: number
  /** Start of the 16 KiB VIC bank ($DD00 bits 0-1, inverted). */
  bankBase: number
  /** The eight sprite pointers at screen + $3F8: slot address = bankBase + pointer × 64. */
  pointers: number[]
}

export interface SlotDecoding {
  mode: SpriteMode
  /** The hardware sprite showing this slot, if any; its registers give the mode and colour. */
  sprite: number | null
  colors: SpriteColors
}

/**
 * How to decode the slot at `address`: like the sprite whose pointer selects it (an enabled one
 * first), else as `fallbackMode` in sprite 0's colours.
 */
export function slotDecoding(address: number, vic: VicSpriteState, fallbackMode: SpriteMode = "hires"): SlotDecoding {
  const candidates = vic.pointers
    .map((pointer, sprite) => ({ sprite, address: vic.bankBase + pointer * SPRITE_SLOT }))
    .filter((p) => p.address === address)
    .sort((a, b) => enabled(vic, b.sprite) - enabled(vic, a.sprite) || a.sprite - b.sprite)
  const sprite = candidates[0]?.sprite ?? null
  const colorOf = (n: number) => (vic.spriteColors[n] ?? 1) & 0x0f
  const colors = { sprite: colorOf(sprite ?? 0), multi0: vic.multi0 & 0x0f, multi1: vic.multi1 & 0x0f }
  if (sprite === null) return { mode: fallbackMode, sprite: null, colors }
  return { mode: vic.multicolorMask & (1 << sprite) ? "multicolor" : "hires", sprite, colors }
}

const enabled = (vic: VicSpriteState, sprite: number) => (vic.enabledMask >> sprite) & 1
