// A decoded sprite as a PNG: each C64 pixel becomes a `scale`×`scale` block in the C64 palette, and
// transparent pixels take the screen's background colour, as they look on the machine.
import { PNG } from "pngjs"
import { rgbOf } from "./c64-palette.ts"
import type { SpritePixels } from "./sprite-decoder.ts"

export const DEFAULT_SPRITE_SCALE = 8

export function renderSpritePng(pixels: SpritePixels, background: number, scale = DEFAULT_SPRITE_SCALE): Buffer {
  const height = pixels.length * scale
  const width = (pixels[0]?.length ?? 0) * scale
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++) {
    const row = pixels[Math.floor(y / scale)]!
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgbOf(row[Math.floor(x / scale)] ?? background)
      const offset = (y * width + x) * 4
      png.data[offset] = r
      png.data[offset + 1] = g
      png.data[offset + 2] = b
      png.data[offset + 3] = 0xff
    }
  }
  return PNG.sync.write(png)
}
