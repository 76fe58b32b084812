// Prints docs/mcp.md's tier table from the server's own tool listing (the tools/list of each tier,
// built as `tsk mcp` builds it), or with --write puts it into docs/mcp.md between its markers.
//   node_modules/.bin/bun test/docs/mcp-tier-table.ts [--write]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createBridgeExecutor } from "../../src/mcp/bridge-executor.ts"
import { buildTools } from "../../src/mcp/server.ts"
import { tableIn, tierTableMarkdown } from "../../src/mcp/tier-table.ts"
import { TIERS, toolsOfTier, type Tier } from "../../src/mcp/tool-table.ts"

export const DOC = join(import.meta.dirname, "..", "..", "docs", "mcp.md")

export function currentTable(): string {
  const home = mkdtempSync(join(tmpdir(), "tsk-tier-table-"))
  try {
    const executor = createBridgeExecutor({ home, env: {}, source: () => "custom" })
    const listed = {} as Record<Tier, Array<{ name: string }>>
    for (const tier of TIERS) listed[tier] = [...buildTools(executor, toolsOfTier(tier)).values()].map((t) => t.listed)
    return tierTableMarkdown(listed)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const table = currentTable()
  if (process.argv.includes("--write")) {
    const doc = readFileSync(DOC, "utf8")
    const old = tableIn(doc)
    if (old === null) throw new Error("docs/mcp.md has no tier-table markers")
    writeFileSync(DOC, doc.replace(old, table))
  }
  console.log(table)
}
