// The house: which folder of the code imports which, read from the import lines themselves, and
// the layers they must respect (a folder imports only from folders of a lower layer). The drawing
// in docs/architecture.md is made from this, and a test holds the code to it.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize, relative } from "node:path"

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), "..", ".."))

/**
 * Layers from the bottom up. A folder imports only from lower layers; the top layer (what a
 * process starts with: the entry points, the CLI's commands and the React components) also from
 * its own.
 */
export const LAYERS: string[][] = [
  ["domain", "setup"],
  ["store"],
  ["c64", "os", "memory", "sync"],
  ["recovery"],
  ["bridge"],
  ["mcp"],
  ["tui"],
  ["entry points (src/*.ts)", "cli", "components"],
]

const ENTRY = "entry points (src/*.ts)"

function folderOf(path: string): string | undefined {
  const parts = relative(ROOT, path).split("/")
  if (parts[0] === "components") return "components"
  if (parts[0] !== "src") return undefined
  return parts.length > 2 ? parts[1] : ENTRY
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.mts") ? [path] : []
  })
}

export const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g

/** Every import of one folder from another: folder → the folders it imports, each with one file that does. */
export function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>()
  for (const file of [...sources(join(ROOT, "src")), ...sources(join(ROOT, "components"))]) {
    const from = folderOf(file)!
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const to = folderOf(normalize(join(dirname(file), match[1]!)))
      if (to === undefined || to === from) continue
      const row = edges.get(from) ?? new Map<string, string>()
      if (!row.has(to)) row.set(to, relative(ROOT, file))
      edges.set(from, row)
    }
  }
  return edges
}

export function layerOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder))
}

/** Whether `from` may import from `to`. */
export function importAllowed(from: string, to: string): boolean {
  const top = LAYERS.length - 1
  return layerOf(to) < layerOf(from) || (layerOf(from) === top && layerOf(to) === top)
}

/** The drawing: the layers from the top down, and what each folder imports. */
export function houseDrawing(): string {
  const edges = folderImports()
  const lines = ["```"]
  for (let i = LAYERS.length - 1; i >= 0; i--) lines.push(`${"  ".repeat(LAYERS.length - 1 - i)}${LAYERS[i]!.join(", ")}`)
  lines.push("```", "", "| folder | imports from |", "| --- | --- |")
  for (const layer of [...LAYERS].reverse()) {
    for (const folder of layer) {
      const targets = [...(edges.get(folder)?.keys() ?? [])].sort((a, b) => layerOf(b) - layerOf(a) || a.localeCompare(b))
      lines.push(`| ${folder} | ${targets.length > 0 ? targets.join(", ") : "–"} |`)
    }
  }
  return lines.join("\n")
}
