// Foreground `extract_sprites_from_ram`: every non-empty 64-byte slot in a range (default
// $2000-$3FFF) decoded with the VIC-II's own settings, as a PNG at a readable scale plus the raw
// 63 bytes, both in `artifacts/sprites/`.
import * as z from "zod"
import type { C64Backend } from "../backend.ts"
import { Address, PositiveInt, formatAddress, formatAddress0x } from "./memory-args.ts"
import { defineForeground } from "./operation-types.ts"
import { withMachinePaused } from "./paused-machine.ts"
import {
  SPRITE_BYTES,
  SPRITE_SLOT,
  decodeSprite,
  isEmptySprite,
  slotDecoding,
  type SpriteMode,
  type VicSpriteState,
} from "./sprite-decoder.ts"
import { DEFAULT_SPRITE_SCALE, renderSpritePng } from "./sprite-png.ts"

export const SPRITES_DIR = "artifacts/sprites/"

export const ExtractSpritesArgs = z
  .strictObject({
    start: Address.default(0x2000),
    end: Address.default(0x3fff),
    scale: PositiveInt.refine((n) => n <= 32, { message: "must be at most 32" }).default(DEFAULT_SPRITE_SCALE),
    /** `auto` decodes a slot like the sprite whose pointer selects it; the others force a mode. */
    mode: z.enum(["auto", "hires", "multicolor"]).default("auto"),
    /** Written by other c64bridge tools; artifacts are always kept here. */
    persistArtifacts: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start % SPRITE_SLOT !== 0) {
      ctx.addIssue({ code: "custom", path: ["start"], message: `sprites sit on 64-byte boundaries; ${formatAddress(v.start)} is not one` })
    }
    if (v.end < v.start + SPRITE_BYTES - 1) {
      ctx.addIssue({ code: "custom", path: ["end"], message: `the range must hold at least one 63-byte sprite` })
    }
  })

/** The VIC-II registers that decide how sprites look, read through the backend. */
export async function readVicSpriteState(backend: C64Backend): Promise<VicSpriteState> {
  const vic = await backend.read(0xd000, 0x2f)
  const cia2 = await backend.read(0xdd00, 1)
  const bankBase = (3 - (cia2[0]! & 0x03)) * 0x4000
  const screenBase = bankBase + ((vic[0x18]! >> 4) & 0x0f) * 0x400
  const pointers = await backend.read(screenBase + 0x3f8, 8)
  return {
    enabledMask: vic[0x15]!,
    multicolorMask: vic[0x1c]!,
    background: vic[0x21]! & 0x0f,
    multi0: vic[0x25]! & 0x0f,
    multi1: vic[0x26]! & 0x0f,
    spriteColors: Array.from(vic.subarray(0x27, 0x2f), (c) => c & 0x0f),
    bankBase,
    pointers: Array.from(pointers),
  }
}

interface SpriteRecord {
  address: string
  mode: SpriteMode
  sprite: number | null
  png: string
  raw: string
}

export const extractSprites = defineForeground({
  type: "foreground",
  name: "extract_sprites_from_ram",
  idempotent: true,
  summary: "decode every sprite shape in a range to PNGs and raw bytes",
  args: ExtractSpritesArgs,
  describe: (a) => `extract_sprites_from_ram ${formatAddress(a.start)}-${formatAddress(a.end)}`,
  async run(ctx, a) {
    const [vic, memory] = await withMachinePaused(ctx.backend, async () => [
      await readVicSpriteState(ctx.backend),
      await ctx.backend.read(a.start, a.end - a.start + 1),
    ] as const)
    const sprites: SpriteRecord[] = []
    await ctx.makeDir(SPRITES_DIR)
    for (let offset = 0; offset + SPRITE_BYTES <= memory.length; offset += SPRITE_SLOT) {
      const bytes = memory.slice(offset, offset + SPRITE_BYTES)
      if (isEmptySprite(bytes)) continue
      const address = a.start + offset
      const decoding = slotDecoding(address, vic, a.mode === "multicolor" ? "multicolor" : "hires")
      const mode = a.mode === "auto" ? decoding.mode : a.mode
      const base = `sprite-${address.toString(16).padStart(4, "0")}`
      const png = renderSpritePng(decodeSprite(bytes, mode, decoding.colors), vic.background, a.scale)
      await ctx.writeArtifact(`${SPRITES_DIR}${base}.png`, png)
      await ctx.writeArtifact(`${SPRITES_DIR}${base}.bin`, bytes)
      sprites.push({ address: formatAddress0x(address), mode, sprite: decoding.sprite, png: `${base}.png`, raw: `${base}.bin` })
    }
    await ctx.log(`decoded ${sprites.length} sprites from ${formatAddress(a.start)}-${formatAddress(a.end)}`)
    return {
      summary: {
        spriteCount: sprites.length,
        spriteAddresses: sprites.map((s) => s.address),
        scale: a.scale,
        sprites,
      },
      artifacts: { spritesDir: SPRITES_DIR },
    }
  },
})
