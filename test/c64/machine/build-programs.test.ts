// Our 6502 programs are committed twice, as source and as bytes; these keep the two identical.
import { describe, expect, it } from "vitest"
import { buildDemoPrg, buildMiniKernalImage } from "../../../src/c64/machine/build-programs.ts"
import { demoPrg } from "../../../src/c64/machine/demo/demo-program.ts"
import { MINI_KERNAL_IMAGE } from "../../../src/c64/machine/rom/mini-kernal-image.ts"

describe("committed program bytes", () => {
  it("demo.prg is exactly what assembling demo.asm produces", () => {
    expect(Buffer.from(buildDemoPrg()).equals(Buffer.from(demoPrg()))).toBe(true)
  })

  it("the mini-KERNAL image is exactly what assembling mini-kernal.asm produces", () => {
    expect(buildMiniKernalImage()).toEqual(MINI_KERNAL_IMAGE)
  })
})
