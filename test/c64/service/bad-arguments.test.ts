import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile, readdir } from "node:fs/promises"
import { join, relative } from "node:path"
import { makeServiceFixture, type ServiceFixture } from "../helpers/service-fixture.ts"
import { TskError } from "../../../src/domain/errors.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture()
})
afterEach(() => fx.cleanup())

async function snapshot(home: string): Promise<string> {
  const files: string[] = []
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else files.push(`${relative(home, full)}:${await readFile(full, "utf8")}`)
    }
  }
  await walk(home)
  return files.sort().join("\n")
}

async function expectRefused(call: () => Promise<unknown>, message: RegExp): Promise<void> {
  const before = await snapshot(fx.home)
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TskError)
  expect((error as TskError).kind).toBe("invalid")
  expect((error as TskError).message).toMatch(message)
  expect(await snapshot(fx.home)).toBe(before)
}

describe("bad arguments are answered clearly and nothing is written", () => {
  it("refuses an address above $FFFF", async () => {
    await expectRefused(() => fx.service.run("read", { address: "$10000" }), /address \$10000 is outside the C64's memory \(\$0000-\$FFFF\)/)
  })

  it("refuses an address that is not a number", async () => {
    await expectRefused(() => fx.service.run("read", { address: "screen" }), /'screen' is not an address: use \$0400, 0x0400 or 1024/)
  })

  it("refuses a range that runs past $FFFF", async () => {
    await expectRefused(() => fx.service.run("read", { address: "$FF00", length: 512 }), /\$FF00 \+ 512 bytes runs past \$FFFF/)
  })

  it("refuses a length over 64 KiB", async () => {
    await expectRefused(() => fx.service.run("extract_ram", { address: 0, length: 65537 }), /at most 65536 bytes \(64 KiB\)/)
    await expectRefused(() => fx.service.start("read", { address: 0, length: "70000" }, { everyMs: 1000 }), /64 KiB/)
  })

  it("refuses an unknown operation and lists the known ones", async () => {
    await expectRefused(() => fx.service.run("format_disk"), /unknown foreground operation 'format_disk'; use one of: extract_sprites_from_ram, extract_ram, read, write, read_screen/)
    await expectRefused(() => fx.service.start("extract_sprites_from_ram", {}, { everyMs: 1000 }), /unknown background operation/)
  })

  it("refuses a misspelt argument instead of ignoring it", async () => {
    await expectRefused(() => fx.service.run("read", { adress: "$0400" }), /invalid arguments for read: .*adress/i)
  })

  it("refuses a zero, negative or fractional interval", async () => {
    await expectRefused(() => fx.service.start("read", {}, { everyMs: 0 }), /the interval must be above 0 ms/)
    await expectRefused(() => fx.service.start("read", {}, { everyMs: -1000 }), /the interval must be above 0 ms/)
    await expectRefused(() => fx.service.start("read", {}, { everyMs: 2.5 }), /whole milliseconds/)
  })

  it("refuses a count below one or not whole", async () => {
    await expectRefused(() => fx.service.start("read", {}, { everyMs: 1000, count: 0 }), /count must be at least 1/)
    await expectRefused(() => fx.service.start("read", {}, { everyMs: 1000, count: -3 }), /count must be at least 1/)
    await expectRefused(() => fx.service.start("read", {}, { everyMs: 1000, count: 1.5 }), /count must be a whole number/)
  })

  it("refuses bytes that are not hex and text that is empty", async () => {
    await expectRefused(() => fx.service.run("write", { address: "$0400", bytes: "zz" }), /'zz' is not hex bytes/)
    await expectRefused(() => fx.service.run("write", { address: "$0400", bytes: [1, 300] }), /byte 300 is not in 0-255/)
    await expectRefused(() => fx.service.start("wait_for_text", { text: "" }, { everyMs: 100 }), /text must not be empty/)
  })

  it("refuses sprite ranges that cannot hold sprites", async () => {
    await expectRefused(() => fx.service.run("extract_sprites_from_ram", { start: "$2001" }), /64-byte boundaries/)
    await expectRefused(() => fx.service.run("extract_ram", { address: "$0800", end: "$0400" }), /end \$0400 is before address \$0800/)
  })

  it("refuses bad peeks, pokes and programs without touching the machine", async () => {
    await expectRefused(() => fx.service.peek("$FFFF", 2), /runs past \$FFFF/)
    await expectRefused(() => fx.service.poke("$0400", "0g"), /not hex bytes/)
    await expectRefused(() => fx.service.runPrg(Uint8Array.of(1)), /2-byte load address/)
    expect(fx.backend.calls).toEqual({ read: 0, write: 0, reset: 0, runPrg: 0 })
  })

  it("consumes no task number on a refusal", async () => {
    await fx.service.run("read", { address: "$FFFF", length: 9 }).catch(() => {})
    await fx.service.start("read", {}, { everyMs: -1 }).catch(() => {})
    const { task } = await fx.service.run("read", { address: "$0400", length: 1 })
    expect(task.id).toBe("0001_read")
  })
})
