// readRegularFileSync (src/store/regular-file.ts) reads a file whole in one read, keeping the bytes
// where they were read, and reads on into buffers of its own when the file holds more than its
// stat said (one that grew meanwhile): no chunk is overwritten by the next read.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { readRegularFileSync } from "../../src/store/regular-file.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

/** Text of `lines` numbered lines, each different, so a chunk read twice or overwritten shows. */
const numbered = (lines: number) => Array.from({ length: lines }, (_, i) => `line ${i} ${"x".repeat(i % 50)}`).join("\n")

describe("reading a regular file whole", () => {
  it("gives every byte of a 5 MB file, in order", () => {
    const file = join(home, "big.txt")
    const text = numbered(100_000)
    writeFileSync(file, text)
    const read = readRegularFileSync(file, 256 * 1024 * 1024)
    expect(read.kind).toBe("ok")
    expect(read.kind === "ok" && read.bytes.toString("utf8")).toBe(text)
  })

  // A file whose stat says 0 bytes but that holds more than a first read of 4 KB takes: as a file
  // that grew between the stat and the read. Linux's /proc files are such files.
  describe.skipIf(!existsSync("/proc/self/smaps"))("holding more than its stat said", () => {
    it("reads on without overwriting what it read first", () => {
      const file = `/proc/${process.pid}/smaps`
      const read = readRegularFileSync(file, 256 * 1024 * 1024)
      expect(read.kind).toBe("ok")
      const text = read.kind === "ok" ? read.bytes.toString("utf8") : ""
      expect(text.length).toBeGreaterThan(4096)
      // Each mapping starts with its address range, and the file ends with a whole line.
      const firstLines = readFileSync(file, "utf8").split("\n")[0]!.split(" ")[0]!
      expect(text.split("\n")[0]).toMatch(/^[0-9a-f]+-[0-9a-f]+ /)
      expect(text.startsWith(firstLines)).toBe(true)
      expect(text.endsWith("\n")).toBe(true)
      for (const line of text.split("\n").filter(Boolean)) expect(line).toMatch(/^([0-9a-f]+-[0-9a-f]+ |[A-Za-z_]+:)/)
    })
  })

  it("refuses a file over the limit", () => {
    const file = join(home, "big.txt")
    writeFileSync(file, "x".repeat(10_000))
    expect(readRegularFileSync(file, 4096)).toMatchObject({ kind: "odd" })
  })
})
