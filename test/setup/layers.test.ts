// The house is layered (README, Layout): each folder imports only from folders below it, so a
// change low down never needs what sits above it. This reads every import of the sources, static
// and dynamic, and names each one that points up or sideways.
import { describe, expect, it } from "vitest"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { PROJECT_ROOT } from "../helpers/run-tsk.ts"

/** Lowest first. A folder may import from any folder of a lower rank. */
const RANKS: Record<string, number> = {
  domain: 0,
  store: 1,
  c64: 2,
  os: 2,
  memory: 2,
  // Sync drives git over the store's files.
  sync: 2,
  // Checkpoints and recovery span the C64 tasks and the agent's operating state.
  recovery: 3,
  bridge: 4,
  // The MCP server is a table over the bridge's commands.
  mcp: 5,
  tui: 6,
  components: 7,
  // The CLI's demo opens the TUI with the app.
  cli: 8,
  // The build and the entry point sit above everything.
  setup: 9,
}

function layerOf(path: string): string | null {
  const parts = relative(PROJECT_ROOT, path).split(/[\\/]/)
  if (parts[0] === "components") return "components"
  if (parts[0] === "src" && parts.length > 2) return parts[1]!
  return null
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.mts") ? [path] : []
  })
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"(\.{1,2}\/[^"]+)"/g

function upwardImports(): string[] {
  const found: string[] = []
  for (const file of [...sources(join(PROJECT_ROOT, "src")), ...sources(join(PROJECT_ROOT, "components"))]) {
    const from = layerOf(file)
    if (from === null) continue
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const to = layerOf(resolve(dirname(file), match[1]!))
      if (to === null || to === from) continue
      if (!(from in RANKS) || !(to in RANKS)) found.push(`${relative(PROJECT_ROOT, file)}: ${match[1]} (a folder with no rank)`)
      else if (RANKS[to]! >= RANKS[from]!) found.push(`${relative(PROJECT_ROOT, file)} (${from}) imports ${match[1]} (${to})`)
    }
  }
  return found
}

describe("the layers", () => {
  it("no source imports from a folder at or above its own layer", () => {
    expect(upwardImports()).toEqual([])
  })

  it("the check sees an upward import", () => {
    // The pattern itself, on the kinds of import the sources use.
    const lines = ['import { a } from "../tui/x.ts"', 'import type { B } from "../../components/y.tsx"', 'await import("../cli/z.ts")', 'import "../bridge/w.ts"']
    expect(lines.map((line) => [...line.matchAll(IMPORT)].map((m) => m[1]))).toEqual([["../tui/x.ts"], ["../../components/y.tsx"], ["../cli/z.ts"], ["../bridge/w.ts"]])
  })
})
