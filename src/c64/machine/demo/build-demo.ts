// Rebuilds demo.prg from demo.asm: `bun src/c64/machine/demo/build-demo.ts`.
import { readFileSync, writeFileSync } from "node:fs"
import { assemble, toPrg } from "../assembler.ts"
import { DEMO_PRG_URL, DEMO_SOURCE_URL } from "./demo-program.ts"

export function buildDemoPrg(): Uint8Array {
  return toPrg(assemble(readFileSync(DEMO_SOURCE_URL, "utf8")))
}

if (import.meta.main) {
  const prg = buildDemoPrg()
  writeFileSync(DEMO_PRG_URL, prg)
  const end = (prg[0]! | (prg[1]! << 8)) + prg.length - 2
  console.log(`demo.prg: ${prg.length} bytes, $0801-$${(end - 1).toString(16).toUpperCase()}`)
}
