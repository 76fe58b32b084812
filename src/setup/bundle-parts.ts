// The parts of dist/: each bundle's file and source, and the packages bundled apart.
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** The CommonJS bundle the launcher runs, and the source it is built from. */
export const DIST_CLI = "cli.js"
export const CLI_SOURCE = "src/cli-main.ts"
/**
 * cli.js's code compiled with Bun itself into one executable (`bun build --compile`), which the
 * launcher runs in its place when it is there: it starts ~5 ms sooner (of ~20 ms for a listing),
 * as it reads neither the bundle nor the checkout's package.json and tsconfig.json, nor a
 * bunfig or a .env. It loads the other bundles from beside itself, as cli.js does. About 110 MB
 * (Bun is most of it); where the build cannot make it, the launcher runs cli.js with Bun. The TUI
 * needs NODE_ENV set in it: see rerunWithNodeEnv in tsk-process.ts.
 */
export const DIST_EXECUTABLE = "tsk-cli"
/**
 * A hard link to the Bun that compiled the executable, which is inside it: the launcher runs the
 * executable only while its own Bun is that very file. Another system's or another version's Bun
 * (a checkout shared with a container, `npm update`) runs cli.js, whose check rebuilds for it.
 */
export const DIST_EXECUTABLE_BUN = `${DIST_EXECUTABLE}.bun`
/** The TUI's bundle, which cli.js requires for `tsk` and `tsk demo` in place of tui-entry.ts. */
export const DIST_TUI = "tui.js"
export const TUI_SOURCE = "src/tui-entry.ts"
/** What each bundle's start runs (fresh-entry.ts), which checks the other bundles before one loads. */
export const FRESH_ENTRY_SOURCE = "src/fresh-entry.ts"
/**
 * The commands most runs never use (more-commands.ts), which cli.js requires when one runs: Bun
 * instantiates every function of a bundle when it loads it, so each command's start pays for
 * the code compiled into cli.js (with them inside, `tsk list` started ~2 ms later).
 */
export const DIST_MORE = "more.js"
export const MORE_SOURCE = "src/cli/more-commands.ts"
/** The other commands of every day, which cli.js requires when one runs (see change-commands.ts). */
export const DIST_CHANGE = "change.js"
export const CHANGE_SOURCE = "src/cli/change-commands.ts"
/**
 * `tsk`'s launch of the TUI with its first screen, drawn before tui.js loads (tui-launch.ts),
 * which cli.js requires for `tsk`: in cli.js it made every command (the hook's too) load ~60 KB more.
 */
export const DIST_TUI_LAUNCH = "tui-launch.js"
export const TUI_LAUNCH_SOURCE = "src/cli/tui-launch.ts"

/** A bundle of packages that cli.js and tui.js take from it in place of node_modules. */
export interface PackageBundle {
  file: string
  source: string
  /** Each package by the name our sources import it, and its export in the bundle (a call for one it loads on demand). */
  exports: Record<string, string>
}

/**
 * zod and the MCP SDK (which must share our copy of zod). A require of zod loads its CommonJS
 * build, which takes ~60 ms (its ES modules ~30 ms), this bundle ~10 ms; compiled into cli.js it
 * would cost every command ~2 ms of start-up (Bun links a whole bundle when it loads it).
 */
export const VENDOR: PackageBundle = {
  file: "vendor.js",
  source: "src/vendor-bundle.ts",
  exports: {
    zod: "zod",
    "@modelcontextprotocol/sdk/server/index.js": "mcpServer()",
    "@modelcontextprotocol/sdk/server/stdio.js": "mcpStdio()",
    "@modelcontextprotocol/sdk/types.js": "mcpTypes()",
  },
}

/** OpenTUI: its core, React renderer and React's reconciler (see openTuiWithoutTopLevelAwait). */
export const OPENTUI: PackageBundle = {
  file: "opentui.js",
  source: "src/tui/opentui-bundle.ts",
  exports: { "@opentui/core": "core", "@opentui/react": "react", "@opentui/react/jsx-runtime": "jsxRuntime" },
}
export const DIST_OPENTUI = OPENTUI.file
export const DIST_VENDOR = VENDOR.file
/**
 * What OpenTUI loads but opentui.js does not carry: its native library (a package per platform,
 * found at run time) and React's developer tools (optional, not installed). React stays in
 * node_modules, one copy for tui.js and opentui.js; its reconciler is compiled in (~20 ms sooner
 * to the first frame than loading it), both its builds, as it picks one by NODE_ENV when it is
 * loaded, and the TUI settles NODE_ENV at run time (see start-tui.ts).
 */
export const OPENTUI_LEFT_OUT = ["@opentui/core-*", "react-devtools-core", "ws"]

/** The packages `bundle` holds (their names in package.json). */
export function packagesOf(bundle: PackageBundle): string[] {
  return [...new Set(Object.keys(bundle.exports).map((name) => name.split("/").slice(0, name.startsWith("@") ? 2 : 1).join("/")))]
}

/** Our dependencies but `bundled`, and `more`, each with its subpaths. */
export function externalFor(root: string, bundled: string[], more: string[] = []): string[] {
  const { dependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }
  return [...Object.keys(dependencies).filter((name) => !bundled.includes(name)), ...more].flatMap((name) => (name.endsWith("*") ? [name] : [name, `${name}/*`]))
}
