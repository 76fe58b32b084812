// Rebuilds the committed bytes of our own 6502 programs from their sources:
// `bun src/c64/machine/build-programs.ts` writes demo/demo.prg and rom/mini-kernal-image.ts.
// Tests assemble the sources again and compare, so source and bytes cannot drift apart.
import { readFileSync, writeFileSync } from "node:fs"
import { assemble, toPrg } from "./assembler.ts"
import { DEMO_PRG_URL, DEMO_SOURCE_URL } from "./demo/demo-program.ts"
import type { MiniKernalImage } from "./rom/mini-kernal.ts"

const MINI_KERNAL_SOURCE_URL = new URL("./rom/mini-kernal.asm", import.meta.url)
const MINI_KERNAL_IMAGE_URL = new URL("./rom/mini-kernal-image.ts", import.meta.url)
const HEX_LINE_BYTES = 32

export function buildDemoPrg(): Uint8Array {
  return toPrg(assemble(readFileSync(DEMO_SOURCE_URL, "utf8")))
}

export function buildMiniKernalImage(): MiniKernalImage {
  const result = assemble(readFileSync(MINI_KERNAL_SOURCE_URL, "utf8"))
  const idleAddress = result.symbols.get("idle")
  if (idleAddress === undefined) throw new Error("mini-kernal.asm must define the label idle")
  return {
    idleAddress,
    segments: result.segments.map((segment) => ({ address: segment.address, hex: Buffer.from(segment.bytes).toString("hex") })),
  }
}

function renderMiniKernalImage(image: MiniKernalImage): string {
  const hex = (value: number) => `0x${value.toString(16)}`
  const segments = image.segments.map((segment) => {
    const lines = segment.hex.match(new RegExp(`.{1,${HEX_LINE_BYTES * 2}}`, "g")) ?? []
    return `    {\n      address: ${hex(segment.address)},\n      hex:\n${lines.map((line) => `        "${line}"`).join(" +\n")},\n    },`
  })
  return [
    "// Generated from mini-kernal.asm by `bun src/c64/machine/build-programs.ts`; edit the source, not this.",
    'import type { MiniKernalImage } from "./mini-kernal.ts"',
    "",
    "export const MINI_KERNAL_IMAGE: MiniKernalImage = {",
    `  idleAddress: ${hex(image.idleAddress)},`,
    "  segments: [",
    ...segments,
    "  ],",
    "}",
    "",
  ].join("\n")
}

if (import.meta.main) {
  writeFileSync(DEMO_PRG_URL, buildDemoPrg())
  writeFileSync(MINI_KERNAL_IMAGE_URL, renderMiniKernalImage(buildMiniKernalImage()))
  console.log("wrote demo/demo.prg and rom/mini-kernal-image.ts")
}
