// Background `write` (the same bytes every interval) and `wait_for_text` (done when the text is on
// the screen; running out of checks first is an error, not a quiet completion).
import * as z from "zod"
import { Address, Bytes, formatAddress, rangeCheck, toHex } from "./memory-args.ts"
import { defineBackground } from "./operation-types.ts"
import { formatTimestamp } from "../state/timestamp.ts"
import { SCREEN_ADDRESS, SCREEN_SIZE, decodeScreen, findTextOnScreen } from "./screen-codes.ts"

export const repeatWrite = defineBackground({
  type: "background",
  name: "write",
  summary: "write the same bytes every interval",
  args: z
    .strictObject({ address: Address, bytes: Bytes })
    .superRefine((v, ctx) => rangeCheck({ address: v.address, length: v.bytes.length }, ctx)),
  describe: (a) => `write ${a.bytes.length} bytes to ${formatAddress(a.address)}`,
  start(backend, a) {
    return {
      async step(i, nowMs) {
        await backend.write(a.address, a.bytes)
        return { summary: { iterations: i, address: formatAddress(a.address), length: a.bytes.length, hex: toHex(a.bytes), lastWriteAt: formatTimestamp(nowMs) } }
      },
      onExhausted: () => null,
    }
  },
})

export const WaitForTextArgs = z.strictObject({
  text: z.string().min(1, "text must not be empty").max(1000, "text must fit on the screen (1000 characters)"),
  address: Address.default(SCREEN_ADDRESS).refine((a) => a + SCREEN_SIZE <= 0x10000, {
    message: "a 1000-byte screen starting here runs past $FFFF",
  }),
  charset: z.enum(["upper", "lower"]).default("upper"),
})

export const waitForText = defineBackground({
  type: "background",
  name: "wait_for_text",
  summary: "check the screen every interval until a text appears",
  args: WaitForTextArgs,
  describe: (a) => `wait_for_text '${a.text}'`,
  start(backend, a) {
    return {
      async step(i, nowMs) {
        const rows = decodeScreen(await backend.read(a.address, SCREEN_SIZE), 40, a.charset)
        const where = findTextOnScreen(rows, a.text)
        if (!where) return { summary: { text: a.text, found: false, checks: i, lastCheckAt: formatTimestamp(nowMs) } }
        return {
          done: true,
          summary: { text: a.text, found: true, checks: i, row: where.row, column: where.column, foundAt: formatTimestamp(nowMs) },
          log: `found '${a.text}' at row ${where.row}, column ${where.column}`,
        }
      },
      onExhausted: (n) => `text '${a.text}' did not appear on the screen in ${n} checks`,
    }
  },
})
