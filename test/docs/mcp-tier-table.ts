// docs/mcp.md's tier table from the server's own tool listing: the tools/list of each tier, built
// as `tsk mcp` builds it. `npm run docs` writes it (reference-pages.ts).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createBridgeExecutor } from "../../src/mcp/bridge-executor.ts"
import { buildTools } from "../../src/mcp/server.ts"
import { tierTableMarkdown } from "../../src/mcp/tier-table.ts"
import { TIERS, toolsOfTier, type Tier } from "../../src/mcp/tool-table.ts"

export function mcpTierTable(): string {
  const home = mkdtempSync(join(tmpdir(), "tsk-tier-table-"))
  try {
    const executor = createBridgeExecutor({ home, env: {}, source: () => "custom", identity: () => ({ name: "custom", how: "source" }) })
    const listed = {} as Record<Tier, Array<{ name: string }>>
    for (const tier of TIERS) listed[tier] = [...buildTools(executor, toolsOfTier(tier)).values()].map((t) => t.listed)
    return tierTableMarkdown(listed)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
