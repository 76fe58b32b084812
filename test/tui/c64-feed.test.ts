import { describe, expect, it } from "vitest"
import type { RegistryEntry } from "../../src/c64/state/task-schema.ts"
import { createC64Feed, taskAddress, type C64Reader } from "../../src/tui/c64-feed.ts"
import { c64Entry, c64Sample } from "./c64-fixtures.ts"

function countingReader(entries: () => RegistryEntry[]) {
  const shown: string[] = []
  const reader: C64Reader = {
    list: async () => entries(),
    show: async (id) => {
      shown.push(id)
      return { samples: [c64Sample(1, "0001"), c64Sample(2, "0102")] }
    },
    close: async () => {},
  }
  return { reader, shown }
}

describe("the C64 feed for the pane", () => {
  it("carries each task's address, its samples' bytes and its latest sample", async () => {
    const { reader } = countingReader(() => [c64Entry()])
    const feed = createC64Feed(reader, 60_000)
    await feed.refresh()
    expect(feed.get()[0]).toMatchObject({ address: "$0400", samples: [2], sampleHex: ["0001", "0102"], latestSample: { i: 2, address: "$0400" } })
    await feed.close()
  })

  it("reads samples of background reads, screen reads and captures only", async () => {
    const { reader, shown } = countingReader(() => [
      c64Entry({ id: "0001_read" }),
      c64Entry({ id: "0002_capture", operation: "capture" }),
      c64Entry({ id: "0003_write", operation: "write" }),
      c64Entry({ id: "0004_sprites", type: "foreground", operation: "extract_sprites_from_ram" }),
    ])
    const feed = createC64Feed(reader, 60_000)
    await feed.refresh()
    expect(shown).toEqual(["0001_read", "0002_capture"])
    await feed.close()
  })

  it("reads a task's samples again only when its registry entry changed", async () => {
    let iterations = 3
    const { reader, shown } = countingReader(() => [c64Entry({ iterations })])
    const feed = createC64Feed(reader, 60_000)
    await feed.refresh()
    await feed.refresh()
    expect(shown).toHaveLength(1)
    iterations = 4
    await feed.refresh()
    expect(shown).toHaveLength(2)
    await feed.close()
  })

  it("announces its first read even when there are no tasks", async () => {
    const { reader } = countingReader(() => [])
    const feed = createC64Feed(reader, 60_000)
    let announced = 0
    feed.subscribe(() => announced++)
    await feed.refresh()
    expect(announced).toBe(1)
    await feed.close()
  })

  it("reads the address however another tool wrote it", () => {
    expect(taskAddress(c64Entry({ args: { address: 53248 } }))).toBe("$D000")
    expect(taskAddress(c64Entry({ args: { start: "0x2000" } }))).toBe("$2000")
    expect(taskAddress(c64Entry({ args: {} }))).toBeNull()
  })
})
