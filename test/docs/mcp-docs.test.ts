// docs/mcp.md's tier table is what a real `tsk mcp` lists: tool counts, token counts and names.
import { readFileSync } from "node:fs"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { startMcp } from "../mcp/mcp-client.ts"
import { tableIn, tierTableMarkdown } from "../../src/mcp/tier-table.ts"
import { TIERS, type Tier } from "../../src/mcp/tool-table.ts"
import { mcpTierTable } from "./mcp-tier-table.ts"

let temp: ReturnType<typeof makeTempHome>
beforeEach(() => (temp = makeTempHome("tsk-mcp-docs-")))
afterEach(() => temp.cleanup())

describe("docs/mcp.md", () => {
  it("holds the tier table a real server's tools/list makes (regenerate: npm run docs)", async () => {
    const listed = {} as Record<Tier, Array<{ name: string }>>
    for (const tier of TIERS) {
      const session = await startMcp(temp.home, ["--tools", tier])
      try {
        listed[tier] = (await session.client.listTools()).tools
      } finally {
        await session.close()
      }
    }
    const fromServer = tierTableMarkdown(listed)
    expect(fromServer).toBe(mcpTierTable())
    expect(tableIn(readFileSync(new URL("../../docs/mcp.md", import.meta.url), "utf8"))).toBe(fromServer)
  }, 60_000)
})
