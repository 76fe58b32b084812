// Assembles the mini-KERNAL from its source once per process; the source is the only copy, so the
// bytes in memory can never drift from what the repository shows.
import { readFileSync } from "node:fs"
import { assemble, type AssembledSegment } from "../assembler.ts"

export interface MiniKernal {
  segments: readonly AssembledSegment[]
  /** The `JMP *` the reset routine ends in: reaching it means the machine is ready. */
  idleAddress: number
}

let assembled: MiniKernal | undefined

export function miniKernal(): MiniKernal {
  if (assembled === undefined) {
    const source = readFileSync(new URL("./mini-kernal.asm", import.meta.url), "utf8")
    const result = assemble(source)
    const idleAddress = result.symbols.get("idle")
    if (idleAddress === undefined) throw new Error("mini-kernal.asm must define the label idle")
    assembled = { segments: result.segments, idleAddress }
  }
  return assembled
}
