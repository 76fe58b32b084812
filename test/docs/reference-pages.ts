// The pages of docs/ that are made from the code, each with the function that makes it. A page
// made in part has its made part between two markers; the rest is written by hand.
import { readFileSync } from "node:fs"
import { cliReference } from "./cli-reference.ts"
import { houseDrawing } from "./house.ts"
import { mcpTierTable } from "./mcp-tier-table.ts"

function between(path: string, marker: string, made: string): string {
  const page = readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")
  const start = `<!-- ${marker}: made by npm run docs -->`
  const end = `<!-- /${marker} -->`
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${path} has no ${start} … ${end}`)
  return `${page.slice(0, from + start.length)}\n${made}\n${page.slice(to)}`
}

export const referencePages: Array<[string, () => Promise<string>]> = [
  ["docs/cli-reference.md", cliReference],
  ["docs/architecture.md", async () => between("docs/architecture.md", "house", houseDrawing())],
  ["docs/mcp.md", async () => between("docs/mcp.md", "tiers", mcpTierTable())],
]
