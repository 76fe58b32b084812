// The tier table of docs/mcp.md, made from what `tools/list` answers: per tier, how many tools,
// about how many tokens their listing costs an agent (JSON characters / 4, to the nearest 100),
// and the tools it adds to the tier before it. `npm run docs` writes it into docs/mcp.md
// (test/docs/reference-pages.ts); a test compares the committed table with a real tools/list.
import { TIERS, type Tier } from "./tool-table.ts"

export const TABLE_START = "<!-- tiers: made by npm run docs -->"
export const TABLE_END = "<!-- /tiers -->"

/** Tokens of a listing as tsk estimates them everywhere: JSON characters / 4. */
export const listingTokens = (tools: readonly unknown[]) => Math.ceil(JSON.stringify(tools).length / 4)

const about = (tokens: number) => `about ${(Math.round(tokens / 100) * 100).toLocaleString("en-US")}`

export function tierTableMarkdown(listed: Readonly<Record<Tier, ReadonlyArray<{ name: string }>>>): string {
  const lines = ["| tier | tools | tokens of tools/list | adds |", "|---|---|---|---|"]
  let before = new Set<string>()
  for (const tier of TIERS) {
    const tools = listed[tier]
    const added = tools.filter((t) => !before.has(t.name)).map((t) => `\`${t.name}\``)
    const label = tier === "core" ? "`core` (default)" : `\`${tier}\``
    lines.push(`| ${label} | ${tools.length} | ${about(listingTokens(tools))} | ${before.size > 0 ? "+ " : ""}${added.join(", ")} |`)
    before = new Set(tools.map((t) => t.name))
  }
  return lines.join("\n")
}

/** The table as a document holds it (between the markers), or null when it has none. */
export function tableIn(document: string): string | null {
  const start = document.indexOf(TABLE_START)
  const end = document.indexOf(TABLE_END)
  return start === -1 || end < start ? null : document.slice(start + TABLE_START.length, end).trim()
}
