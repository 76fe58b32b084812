import { describe, expect, it } from "vitest"
import { folderImports, IMPORT, importAllowed, layerOf } from "./house.ts"

describe("the house", () => {
  it("places every folder of the code in a layer", () => {
    for (const [from, targets] of folderImports()) for (const to of [from, ...targets.keys()]) expect(layerOf(to), to).toBeGreaterThanOrEqual(0)
  })

  it("imports only downward", () => {
    const upward = [...folderImports()].flatMap(([from, targets]) => [...targets].filter(([to]) => !importAllowed(from, to)).map(([to, file]) => `${file}: ${from} imports ${to}`))
    expect(upward).toEqual([])
  })

  it("sees every kind of import the sources use", () => {
    const lines = ['import { a } from "../tui/x.ts"', 'import type { B } from "../../components/y.tsx"', 'await import("../cli/z.ts")', 'import "../bridge/w.ts"', "export { c } from './v.ts'"]
    expect(lines.map((line) => [...line.matchAll(IMPORT)].map((m) => m[1]))).toEqual([["../tui/x.ts"], ["../../components/y.tsx"], ["../cli/z.ts"], ["../bridge/w.ts"], ["./v.ts"]])
  })
})
