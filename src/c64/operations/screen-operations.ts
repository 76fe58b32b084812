// Foreground `read_screen`: screen memory decoded to 25 rows of 40 characters.
import * as z from "zod"
import { Address, formatAddress } from "./memory-args.ts"
import { defineForeground } from "./operation-types.ts"
import { SCREEN_ADDRESS, SCREEN_SIZE, decodeScreen } from "./screen-codes.ts"

export const ScreenArgs = z.strictObject({
  address: Address.default(SCREEN_ADDRESS).refine((a) => a + SCREEN_SIZE <= 0x10000, {
    message: "a 1000-byte screen starting here runs past $FFFF",
  }),
  charset: z.enum(["upper", "lower"]).default("upper"),
})

export const readScreenOnce = defineForeground({
  type: "foreground",
  name: "read_screen",
  idempotent: true,
  summary: "read the 40×25 text screen as text",
  args: ScreenArgs,
  describe: (a) => `read_screen ${formatAddress(a.address)}`,
  async run(ctx, a) {
    const rows = decodeScreen(await ctx.backend.read(a.address, SCREEN_SIZE), 40, a.charset)
    await ctx.writeArtifact("artifacts/screen.txt", rows.join("\n") + "\n")
    return {
      summary: { address: formatAddress(a.address), rows: rows.map((r) => r.trimEnd()) },
      artifacts: { screen: "artifacts/screen.txt" },
    }
  },
})
