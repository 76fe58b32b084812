// The 16 VIC-II colours (Pepto's PAL measurements, the palette VICE ships as default), as RGB.
export const C64_PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [0x00, 0x00, 0x00], // 0 black
  [0xff, 0xff, 0xff], // 1 white
  [0x68, 0x37, 0x2b], // 2 red
  [0x70, 0xa4, 0xb2], // 3 cyan
  [0x6f, 0x3d, 0x86], // 4 purple
  [0x58, 0x8d, 0x43], // 5 green
  [0x35, 0x28, 0x79], // 6 blue
  [0xb8, 0xc7, 0x6f], // 7 yellow
  [0x6f, 0x4f, 0x25], // 8 orange
  [0x43, 0x39, 0x00], // 9 brown
  [0x9a, 0x67, 0x59], // 10 light red
  [0x44, 0x44, 0x44], // 11 dark grey
  [0x6c, 0x6c, 0x6c], // 12 grey
  [0x9a, 0xd2, 0x84], // 13 light green
  [0x6c, 0x5e, 0xb5], // 14 light blue
  [0x95, 0x95, 0x95], // 15 light grey
]

export const C64_COLOR_NAMES = [
  "black", "white", "red", "cyan", "purple", "green", "blue", "yellow",
  "orange", "brown", "light red", "dark grey", "grey", "light green", "light blue", "light grey",
] as const

/** Colour registers only use their low nibble; the high one reads back as anything. */
export function rgbOf(colorIndex: number): readonly [number, number, number] {
  return C64_PALETTE[colorIndex & 0x0f]!
}
