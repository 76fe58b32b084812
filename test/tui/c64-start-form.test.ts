import { describe, expect, it } from "vitest"
import { DEFAULT_C64_START_FORM, describeReadRequest, parseC64StartForm, readStartPayload } from "../../src/tui/c64-start-form.ts"

const form = (over: Partial<typeof DEFAULT_C64_START_FORM>) => ({ ...DEFAULT_C64_START_FORM, ...over })

describe("the background read form", () => {
  it("starts from $0400, 256 bytes, every 1s, until stopped", () => {
    expect(parseC64StartForm(DEFAULT_C64_START_FORM)).toEqual({ ok: true, request: { address: 0x0400, length: 256, everyMs: 1000, count: null } })
  })

  it("accepts hex and decimal addresses, intervals with units and a count", () => {
    expect(parseC64StartForm(form({ address: "0xD000", length: "17", interval: "500ms", count: "20" }))).toEqual({
      ok: true,
      request: { address: 0xd000, length: 17, everyMs: 500, count: 20 },
    })
    expect(parseC64StartForm(form({ address: "1024" }))).toMatchObject({ ok: true, request: { address: 1024 } })
  })

  it("names the field and the problem of bad input", () => {
    expect(parseC64StartForm(form({ address: "$04G0" }))).toEqual({ ok: false, field: "address", error: "Address '$04G0' is not an address: use $0400, 0x0400 or 1024" })
    expect(parseC64StartForm(form({ address: "$10000" }))).toMatchObject({ ok: false, field: "address" })
    expect(parseC64StartForm(form({ length: "0" }))).toMatchObject({ ok: false, field: "length" })
    expect(parseC64StartForm(form({ length: "70000" }))).toEqual({ ok: false, field: "length", error: "Length 70000 is over 64 KiB (65536 bytes)" })
    expect(parseC64StartForm(form({ address: "$FFF0" }))).toEqual({ ok: false, field: "length", error: "$FFF0 + 256 bytes runs past $FFFF" })
    expect(parseC64StartForm(form({ interval: "-1s" }))).toMatchObject({ ok: false, field: "interval" })
    expect(parseC64StartForm(form({ interval: "5" }))).toEqual({ ok: false, field: "interval", error: "Interval: '5' needs a unit: use forms like 500ms, 1s, 90s, 1h30m" })
    expect(parseC64StartForm(form({ count: "-3" }))).toMatchObject({ ok: false, field: "count" })
  })

  it("becomes the c64-start payload an agent would send", () => {
    const request = { address: 0x0400, length: 256, everyMs: 1000, count: 10 }
    expect(readStartPayload(request)).toEqual({ operation: "read", args: { address: "$0400", length: 256 }, intervalMs: 1000, count: 10 })
    expect(readStartPayload({ ...request, count: null })).not.toHaveProperty("count")
    expect(describeReadRequest(request)).toBe("$0400 (256 bytes) every 1s, 10 times")
  })
})
