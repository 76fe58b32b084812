import { describe, expect, it } from "vitest"
import { folderImports, importAllowed, layerOf } from "./house.ts"

describe("the house", () => {
  it("places every folder of the code in a layer", () => {
    for (const [from, targets] of folderImports()) for (const to of [from, ...targets.keys()]) expect(layerOf(to), to).toBeGreaterThanOrEqual(0)
  })

  it("imports only downward", () => {
    const upward = [...folderImports()].flatMap(([from, targets]) => [...targets].filter(([to]) => !importAllowed(from, to)).map(([to, file]) => `${file}: ${from} imports ${to}`))
    expect(upward).toEqual([])
  })
})
