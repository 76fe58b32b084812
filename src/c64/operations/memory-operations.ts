// Foreground `read` and `write`: one access to memory, the bytes in result.json.
import * as z from "zod"
import { Address, Bytes, Length, formatAddress, rangeCheck, toHex } from "./memory-args.ts"
import { defineForeground } from "./operation-types.ts"
import { TskError } from "../../domain/errors.ts"

export const ReadArgs = z
  .strictObject({ address: Address.default(0x0400), length: Length.default(256) })
  .superRefine(rangeCheck)

export const WriteArgs = z
  .strictObject({ address: Address, bytes: Bytes, verify: z.boolean().default(false) })
  .superRefine((v, ctx) => rangeCheck({ address: v.address, length: v.bytes.length }, ctx))

export const readOnce = defineForeground({
  type: "foreground",
  name: "read",
  idempotent: true,
  summary: "read a range of memory once",
  args: ReadArgs,
  describe: (a) => `read ${formatAddress(a.address)} (${a.length} bytes)`,
  async run(ctx, a) {
    const bytes = await ctx.backend.read(a.address, a.length)
    return { summary: { address: formatAddress(a.address), length: bytes.length, hex: toHex(bytes) } }
  },
})

export const writeOnce = defineForeground({
  type: "foreground",
  name: "write",
  idempotent: false,
  summary: "write bytes to memory once (verify=true reads them back)",
  args: WriteArgs,
  describe: (a) => `write ${a.bytes.length} bytes to ${formatAddress(a.address)}`,
  async run(ctx, a) {
    await ctx.backend.write(a.address, a.bytes)
    if (a.verify) {
      const back = await ctx.backend.read(a.address, a.bytes.length)
      const at = back.findIndex((byte, i) => byte !== a.bytes[i])
      if (at >= 0) throw new TskError("io", `read-back differs at ${formatAddress(a.address + at)}`)
    }
    return { summary: { address: formatAddress(a.address), length: a.bytes.length, hex: toHex(a.bytes), verified: a.verify } }
  },
})
