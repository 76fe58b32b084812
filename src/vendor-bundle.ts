// The entry point of dist/vendor.js: zod and the MCP SDK (which must share our copy of zod),
// compiled with their bytecode apart from dist/cli.js and dist/tui.js (see src/setup/build-dist.ts),
// which take each of these from it in place of the package, and load it only when one is needed.
// The SDK builds its protocol's schemas when it loads (~25 ms), so it loads only when asked for.
export * as zod from "zod"
export const mcpServer = (): unknown => require("@modelcontextprotocol/sdk/server/index.js")
export const mcpStdio = (): unknown => require("@modelcontextprotocol/sdk/server/stdio.js")
export const mcpTypes = (): unknown => require("@modelcontextprotocol/sdk/types.js")
