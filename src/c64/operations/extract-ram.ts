// Foreground `extract_ram`: a range of memory to `artifacts/ram-<start>-<end>.bin|.hex` with the
// SHA-256 of the bytes, so a later dump can be compared without opening either file.
import { createHash } from "node:crypto"
import * as z from "zod"
import { Address, Length, formatAddress, MEMORY_SIZE } from "./memory-args.ts"
import { defineForeground } from "./operation-types.ts"
import { withMachinePaused } from "./paused-machine.ts"

export const ExtractRamArgs = z
  .strictObject({
    address: Address,
    length: Length.optional(),
    /** Inclusive, like the spec's `$2000–$3FFF`; an alternative to `length`. */
    end: Address.optional(),
    format: z.enum(["bin", "hex"]).default("bin"),
  })
  .transform((v, ctx) => {
    if (v.length !== undefined && v.end !== undefined) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "give either length or end, not both" })
      return z.NEVER
    }
    if (v.end !== undefined && v.end < v.address) {
      ctx.addIssue({ code: "custom", path: ["end"], message: `end ${formatAddress(v.end)} is before address ${formatAddress(v.address)}` })
      return z.NEVER
    }
    const length = v.end !== undefined ? v.end - v.address + 1 : (v.length ?? 256)
    if (v.address + length > MEMORY_SIZE) {
      ctx.addIssue({ code: "custom", path: ["length"], message: `${formatAddress(v.address)} + ${length} bytes runs past $FFFF` })
      return z.NEVER
    }
    return { address: v.address, length, format: v.format }
  })

/** `0400: 20 20 …` lines of 16 bytes, the form a person reads and `xxd -r` style tools take back. */
export function formatHexDump(address: number, bytes: Uint8Array): string {
  const lines: string[] = []
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = Array.from(bytes.subarray(offset, offset + 16), (b) => b.toString(16).padStart(2, "0"))
    lines.push(`${(address + offset).toString(16).padStart(4, "0")}: ${row.join(" ")}`)
  }
  return lines.join("\n") + "\n"
}

export const extractRam = defineForeground({
  type: "foreground",
  name: "extract_ram",
  idempotent: true,
  summary: "dump a range of memory to a .bin or .hex file with its SHA-256",
  args: ExtractRamArgs,
  describe: (a) => `extract_ram ${formatAddress(a.address)}-${formatAddress(a.address + a.length - 1)} → .${a.format}`,
  async run(ctx, a) {
    const bytes = await withMachinePaused(ctx.backend, () => ctx.backend.read(a.address, a.length))
    const end = a.address + a.length - 1
    const file = `artifacts/ram-${hex4(a.address)}-${hex4(end)}.${a.format}`
    await ctx.writeArtifact(file, a.format === "bin" ? bytes : formatHexDump(a.address, bytes))
    const sha256 = createHash("sha256").update(bytes).digest("hex")
    return {
      summary: { address: formatAddress(a.address), end: formatAddress(end), length: a.length, format: a.format, sha256, file },
      artifacts: { file },
    }
  },
})

const hex4 = (n: number) => n.toString(16).padStart(4, "0")
