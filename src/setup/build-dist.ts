// Bundles the sources into dist/ (gitignored), so a `tsk` process loads prebuilt code instead of
// Bun transpiling every TypeScript module on each start. Run by ensure-deps.mjs and npm's
// `prepare` whenever a source is newer than the bundle (see dist-paths.mjs).
//
// Bun stores compiled bytecode beside a bundle only for CommonJS, and links the whole of a bundle
// when it loads it (~2 ms per 500 KB), so the code is in parts, each loaded when first needed:
// - dist/cli.js (+ cli.js.jsc), from src/cli-main.ts, which the launcher runs: the commands
//   people and agents run all day (add, list, show, done, ...), as CommonJS with its bytecode,
//   so nothing of it is parsed at start (`tsk list` starts ~6 ms sooner than from ES module
//   chunks);
// - dist/change.js, from src/cli/change-commands.ts: the other commands of every day (add, done,
//   edit, ..., stats, export, config, doctor), which cli.js requires when one of them runs, so a
//   listing (list, ready, next, show) loads half the code; cli.js's own check at start covers
//   its sources, so it loads without a check of its own;
// - dist/more.js, from src/cli/more-commands.ts: the other commands (c64, os, memory, agent, mcp,
//   serve, checkpoint, demo, ...), which cli.js requires when one of them runs;
// - dist/tui.js, from src/tui-entry.ts: the TUI and the app, which cli.js requires for `tsk` and
//   `tsk demo`;
// - dist/vendor.js, from src/vendor-bundle.ts: zod, and the MCP SDK (which must share that zod;
//   it loads only when asked for), which cli.js and tui.js require in place of the packages;
// - dist/opentui.js, from src/tui/opentui-bundle.ts: OpenTUI (core, React renderer, React's
//   reconciler), which tui.js requires in place of the packages (~60 ms sooner to the first
//   frame than parsing OpenTUI's 1.5 MB of ES modules from node_modules). OpenTUI awaits at its
//   top level, which a require cannot wait for: the build rewrites those statements to
//   synchronous ones and fails when it does not find them (see openTuiWithoutTopLevelAwait);
// - dist/main.js and its chunks, ES modules: the entry point for `bun dist/main.js` and the
//   launcher's path for the hook, which must answer in a few milliseconds and so loads no more
//   than it needs; it imports cli.js for the rest.
// The bundles that carry the same source module (the store, in cli.js, more.js and tui.js) each
// have their own copy, as two processes would. A process uses one, but for `tsk demo`, whose
// script (more.js) reads the tasks and drops bridge commands while the TUI (tui.js) runs, and
// for a command of more.js, whose errors run-cli (cli.js) reports: TskError knows every copy's.
// Other packages stay in node_modules (React among them, one copy). OpenTUI's native library (a
// package per platform) and its files (the tree-sitter worker and grammars) stay there too, found
// from OpenTUI's folder. JSX is compiled for production (the development runtime checks every
// element, and `tsk` runs React in production; a test checks). Bun writes the paths our modules
// find through import.meta into a CommonJS bundle as the sources' (the demo program of the
// simulated C64 is read from src/), and OpenTUI's as node_modules', so a checkout that moved is
// rebuilt (see dist-paths.mjs).
import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { pathToFileURL } from "node:url"
import type { BunPlugin } from "bun"
import { DIST_BUILD_FILES, DIST_ENTRY, DIST_FOLDER, DIST_MANIFEST, DIST_STAMP, distManifest } from "./dist-paths.mjs"

/** The CommonJS bundle the launcher runs, and the source it is built from. */
export const DIST_CLI = "cli.js"
const CLI_SOURCE = "src/cli-main.ts"
/**
 * cli.js's code compiled with Bun itself into one executable (`bun build --compile`), which the
 * launcher runs in its place when it is there: it starts ~5 ms sooner (of ~20 ms for a listing),
 * as it reads neither the bundle nor the checkout's package.json and tsconfig.json, nor a
 * bunfig or a .env. It loads the other bundles from beside itself, as cli.js does. About 110 MB
 * (Bun is most of it); where the build cannot make it, the launcher runs cli.js with Bun. The TUI
 * runs with Bun: see rerunWithBun in tsk-process.ts.
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
const TUI_SOURCE = "src/tui-entry.ts"
/** What each bundle's start runs (fresh-entry.ts), which checks the other bundles before one loads. */
const FRESH_ENTRY_SOURCE = "src/fresh-entry.ts"
/**
 * The commands most runs never use (more-commands.ts), which cli.js requires when one runs: Bun
 * instantiates every function of a bundle when it loads it, so each command's start pays for
 * the code compiled into cli.js (with them inside, `tsk list` started ~2 ms later).
 */
export const DIST_MORE = "more.js"
const MORE_SOURCE = "src/cli/more-commands.ts"
/** The other commands of every day, which cli.js requires when one runs (see change-commands.ts). */
export const DIST_CHANGE = "change.js"
const CHANGE_SOURCE = "src/cli/change-commands.ts"

/** A bundle of packages that cli.js and tui.js take from it in place of node_modules. */
interface PackageBundle {
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
const VENDOR: PackageBundle = {
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
const OPENTUI: PackageBundle = {
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
const OPENTUI_LEFT_OUT = ["@opentui/core-*", "react-devtools-core", "ws"]

/** The packages `bundle` holds (their names in package.json). */
function packagesOf(bundle: PackageBundle): string[] {
  return [...new Set(Object.keys(bundle.exports).map((name) => name.split("/").slice(0, name.startsWith("@") ? 2 : 1).join("/")))]
}

/** Our dependencies but `bundled`, and `more`, each with its subpaths. */
function externalFor(root: string, bundled: string[], more: string[] = []): string[] {
  const { dependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }
  return [...Object.keys(dependencies).filter((name) => !bundled.includes(name)), ...more].flatMap((name) => (name.endsWith("*") ? [name] : [name, `${name}/*`]))
}

/** Chunks of earlier builds are kept this long: a `tsk` started before a rebuild may still import them. */
const OLD_CHUNKS_KEPT_MS = 24 * 60 * 60 * 1000

/** Builds the bundle of the checkout at `root` into `out` (dist/ unless a test asks elsewhere). */
export async function buildDist(root: string, out = join(root, DIST_FOLDER)): Promise<void> {
  const temp = join(out, `.build-${process.pid}`)
  // The stamp carries the time the build started: a source saved during the build stays newer.
  const started = new Date()
  // Written into every bundle of this build and its manifest: a bundle of another build (one that
  // landed while a process started) is never run with this one's (see sameBuild in fresh-entry.ts).
  const build = `${started.getTime().toString(36)}-${process.pid.toString(36)}`
  // The sources as they are when the build starts: one saved later is newer than the stamp.
  const manifest = distManifest(root, out)
  mkdirSync(out, { recursive: true })
  try {
    const common = {
      target: "bun",
      minify: { syntax: true, whitespace: true },
      tsconfig: join(root, "tsconfig.json"),
      jsx: { runtime: "automatic", importSource: "@opentui/react", development: false },
      define: { __TSK_BUILD__: JSON.stringify(build) },
    } as const
    const esm = await Bun.build({
      ...common,
      entrypoints: [join(root, "src", "main.ts")],
      outdir: temp,
      format: "esm",
      splitting: true,
      packages: "external",
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
      metafile: true,
      plugins: [cliStaysApart(root)],
    })
    if (!esm.success) throw new AggregateError(esm.logs, "bun build (ES modules) failed")
    // The metafile names inputs relative to the current folder; packages and generated modules are no sources.
    const ownSources = (metafile: { inputs: Record<string, unknown> } | undefined) =>
      Object.keys(metafile?.inputs ?? {}).map((input) => relative(root, resolve(input)).replaceAll("\\", "/")).filter((path) => sources.has(path))
    const sources = new Set(manifest.present)
    /** Builds one CommonJS bundle; gives the sources of the checkout it holds (relative paths). */
    const commonJs = async (name: string, source: string, external: string[], plugins: BunPlugin[], define: Record<string, string> = {}): Promise<string[]> => {
      const built = await Bun.build({ ...common, define: { ...common.define, ...define }, external, entrypoints: [join(root, source)], outdir: temp, format: "cjs", bytecode: true, metafile: true, naming: { entry: name }, plugins })
      if (!built.success) throw new AggregateError(built.logs, `bun build (${name}) failed`)
      // Bun leaves the bytecode out, silently, when it cannot compile the bundle as a function (an
      // import.meta left in it); a file an import copied in would be looked for elsewhere.
      const unexpected = built.outputs.filter((output) => output.kind !== "entry-point" && output.kind !== "bytecode")
      if (unexpected.length > 0) throw new Error(`bun build (${name}) wrote more than the bundle: ${unexpected.map((output) => output.path).join(", ")}`)
      if (!built.outputs.some((output) => output.kind === "bytecode")) throw new Error(`bun build (${name}) wrote no bytecode`)
      return ownSources(built.metafile)
    }
    const ours = externalFor(root, [...packagesOf(VENDOR), ...packagesOf(OPENTUI)])
    // The bundles cli.js and change.js load apart, each after a look at its own sources.
    const apart = { [TUI_SOURCE]: DIST_TUI, [MORE_SOURCE]: DIST_MORE }
    const [cli, change, more, tui, vendor, opentui] = await Promise.all([
      commonJs(DIST_CLI, CLI_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], apart, { [CHANGE_SOURCE]: DIST_CHANGE }), builtinsOnFirstUse(root)]),
      commonJs(DIST_CHANGE, CHANGE_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], apart), builtinsOnFirstUse(root)]),
      commonJs(DIST_MORE, MORE_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], { [TUI_SOURCE]: DIST_TUI }), builtinsOnFirstUse(root)]),
      commonJs(DIST_TUI, TUI_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], {}), builtinsOnFirstUse(root)]),
      commonJs(VENDOR.file, VENDOR.source, externalFor(root, packagesOf(VENDOR)), [asModules(root, packagesOf(VENDOR))]),
      // Bun would write NODE_ENV in as "development" at build time.
      commonJs(OPENTUI.file, OPENTUI.source, externalFor(root, packagesOf(OPENTUI), OPENTUI_LEFT_OUT), [openTuiWithoutTopLevelAwait(openTuiRewrites)], { "process.env.NODE_ENV": "process.env.NODE_ENV" }),
    ])
    const executable = await compileCli(root, temp, common, ours, [fromBundles(root, [VENDOR, OPENTUI], apart, { [CHANGE_SOURCE]: DIST_CHANGE }, "executable"), builtinsOnFirstUse(root)])
    // Chunks are named by their content, so moving them in changes nothing a running `tsk` uses;
    // the entry points move in after them (the bytecode before its bundle: a bundle that meets
    // bytecode of another build ignores it and parses itself) and the stamp last (each rename is
    // atomic). Chunks of earlier builds stay for a day: a process started from one may still
    // load its lazy parts.
    // The executable moves in after cli.js, the bundles it loads; a build that could not make one
    // removes the one before, which would otherwise run in its place with another build's bundles.
    const withoutBytecode = [DIST_EXECUTABLE, DIST_EXECUTABLE_BUN, DIST_ENTRY]
    const entries = [VENDOR.file, OPENTUI.file, DIST_TUI, DIST_MORE, DIST_CHANGE, DIST_CLI, ...withoutBytecode].flatMap((file) => (withoutBytecode.includes(file) ? [file] : [`${file}.jsc`, file]))
    if (!executable) for (const file of [DIST_EXECUTABLE_BUN, DIST_EXECUTABLE]) rmSync(join(out, file), { force: true })
    const fresh = new Set(readdirSync(temp))
    for (const name of fresh) if (!entries.includes(name)) renameSync(join(temp, name), join(out, name))
    for (const name of entries) if (fresh.has(name)) renameSync(join(temp, name), join(out, name))
    // cli.js compares only these when it starts (change.js, vendor.js and opentui.js are required
    // without a look of their own, so their sources count as its own), main.js those of its chunks
    // (the hook's), and cli.js those of more.js or tui.js before it loads one (main.js compares
    // every source before it loads cli.js). Their folders too: a file renamed in with an older
    // time (a backup moved back) changes only its folder's.
    const withFolders = (files: string[]) => {
      const own = [...DIST_BUILD_FILES.filter((path) => sources.has(path)), ...files]
      const folders = own.flatMap((path) => path.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/")))
      return [...new Set([...own, ...folders.filter((folder) => sources.has(folder))])]
    }
    const packages = [...vendor, ...opentui]
    const parts = {
      [DIST_CLI]: withFolders([...cli, ...change, ...packages]),
      [DIST_MORE]: withFolders([...more, ...packages]),
      [DIST_TUI]: withFolders([...tui, ...packages]),
      [DIST_ENTRY]: withFolders(ownSources(esm.metafile)),
    }
    writeFileSync(join(out, `${DIST_MANIFEST}.${process.pid}`), JSON.stringify({ ...manifest, build, parts }) + "\n")
    renameSync(join(out, `${DIST_MANIFEST}.${process.pid}`), join(out, DIST_MANIFEST))
    writeFileSync(join(out, `${DIST_STAMP}.${process.pid}`), `${started.toISOString()}\n`)
    utimesSync(join(out, `${DIST_STAMP}.${process.pid}`), started, started)
    renameSync(join(out, `${DIST_STAMP}.${process.pid}`), join(out, DIST_STAMP))
    for (const name of readdirSync(out)) {
      if (fresh.has(name) || name === DIST_STAMP || name === DIST_MANIFEST) continue
      const path = join(out, name)
      // Gone already: another build's temporary files.
      const mtime = statSync(path, { throwIfNoEntry: false })?.mtimeMs
      if (mtime !== undefined && Date.now() - mtime > OLD_CHUNKS_KEPT_MS) rmSync(path, { recursive: true, force: true })
    }
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

/**
 * Compiles cli-main.ts, as cli.js is built, into a standalone executable in `temp`; false (and
 * why, on stderr) when Bun cannot (the launcher then runs cli.js). The executable reads no .env
 * and no bunfig.toml of the folder it runs in (the launcher gives Bun the same flags), and
 * package.json files only to find the packages the bundles it loads require (without them it
 * did not find pngjs from more.js).
 */
async function compileCli(root: string, temp: string, common: Record<string, unknown>, external: string[], plugins: BunPlugin[]): Promise<boolean> {
  try {
    const built = await Bun.build({
      ...common,
      define: { ...(common.define as Record<string, string>), __TSK_EXECUTABLE__: "true" },
      external,
      entrypoints: [join(root, CLI_SOURCE)],
      format: "cjs",
      bytecode: true,
      compile: { outfile: join(temp, DIST_EXECUTABLE), autoloadDotenv: false, autoloadBunfig: false, autoloadTsconfig: false, autoloadPackageJson: true },
      plugins,
    } as Parameters<typeof Bun.build>[0])
    if (!built.success) throw new AggregateError(built.logs, "bun build --compile failed")
    // The Bun running this build is the one inside the executable; the executable run as Bun by
    // hand (BUN_BE_BUN) is no Bun the launcher knows. Another file system: no link, no executable.
    if (process.env.BUN_BE_BUN) throw new Error("built by the executable itself acting as Bun")
    linkSync(process.execPath, join(temp, DIST_EXECUTABLE_BUN))
    return statSync(join(temp, DIST_EXECUTABLE), { throwIfNoEntry: false })?.isFile() === true
  } catch (error) {
    process.stderr.write(`build-dist: no ${DIST_EXECUTABLE} (${error instanceof Error ? error.message : String(error)}); tsk runs ${DIST_CLI} with Bun\n`)
    return false
  }
}

/**
 * Leaves cli-main.ts out of main.js's bundle: main.js imports dist/cli.js at run time, as the
 * sources import cli-main.ts.
 */
function cliStaysApart(root: string): BunPlugin {
  const source = join(root, CLI_SOURCE)
  return {
    name: "tsk: cli.js stays apart",
    setup(build) {
      build.onResolve({ filter: /cli-main\.ts$/ }, (args) => (join(args.resolveDir, args.path) === source ? { path: `./${DIST_CLI}`, external: true } : undefined))
    },
  }
}

/**
 * Takes each package of `bundles` from its bundle beside this one, required when it is first
 * needed (a command does not load OpenTUI's bytecode, nor a listing zod's), and each source of
 * `apart` from its own bundle, once the sources of every bundle are found unchanged (cli.js
 * compares only its own when it starts: see freshParts in fresh-entry.ts); each of `covered`
 * from its own bundle as it is, its sources being among those this one compares when it starts.
 * Each only when it is of this one's build (sameBuild).
 */
function fromBundles(root: string, bundles: PackageBundle[], apart: Record<string, string>, covered: Record<string, string> = {}, from: "bundle" | "executable" = "bundle"): BunPlugin {
  const taken = new Map<string, string>()
  for (const bundle of bundles) for (const [name, exported] of Object.entries(bundle.exports)) taken.set(name, `require("tsk-bundle:${bundle.file}").${exported}`)
  const freshEntry = JSON.stringify(join(root, FRESH_ENTRY_SOURCE))
  const checked = (file: string) => `require(${freshEntry}).sameBuild(require("tsk-bundle:${file}"))`
  for (const [source, file] of Object.entries(apart)) taken.set(join(root, source), `(require(${freshEntry}).freshParts(${JSON.stringify(file)}), ${checked(file)})`)
  for (const [source, file] of Object.entries(covered)) taken.set(join(root, source), checked(file))
  return {
    name: "tsk: packages and parts from their own bundles",
    setup(build) {
      const packages = bundles.flatMap(packagesOf)
      build.onResolve({ filter: /^[@a-z]/ }, ({ path, importer }) => {
        if (taken.has(path)) return { path, namespace: "tsk-bundled" }
        // Another entry point of a bundled package would be compiled in here, a second copy.
        if (packages.some((name) => path.startsWith(`${name}/`))) throw new Error(`${importer} imports ${path}, which no bundle provides: add it to its bundle's exports (build-dist.ts)`)
        return undefined
      })
      build.onLoad({ filter: /./, namespace: "tsk-bundled" }, ({ path }) => ({ contents: `module.exports = ${taken.get(path)}`, loader: "js" }))
      // A bundle requires the others from beside itself; the executable (see compileCli), whose
      // own modules live inside it, from beside the file it is.
      if (from === "bundle") build.onResolve({ filter: /^tsk-bundle:/ }, ({ path }) => ({ path: `./${path.slice("tsk-bundle:".length)}`, external: true }))
      else {
        build.onResolve({ filter: /^tsk-bundle:/ }, ({ path }) => ({ path: path.slice("tsk-bundle:".length), namespace: "tsk-beside-executable" }))
        build.onLoad({ filter: /./, namespace: "tsk-beside-executable" }, ({ path }) => ({
          contents: `module.exports = require(process.execPath.slice(0, process.execPath.lastIndexOf("/") + 1) + ${JSON.stringify(path)})`,
          loader: "js",
        }))
      }
      build.onResolve({ filter: /\.tsx?$/ }, (args) => {
        const path = resolve(args.resolveDir, args.path)
        return taken.has(path) ? { path, namespace: "tsk-bundled" } : undefined
      })
    },
  }
}

/** Where a bundle records each builtin module it loaded (see builtinsOnFirstUse), for the tests. */
export const BUILTINS_LOADED = "tsk.builtins.loaded"

/**
 * Loads each Node builtin our sources import (node:fs, node:path, ...) when one of its functions
 * is first called, not when the bundle loads: Bun compiles a builtin's JavaScript on first use
 * (node:fs with node:path, ~2.5 ms of a ~20 ms `tsk list`, which reads through Bun's file API
 * and needs neither). Bun's build asks no plugin about a builtin, so the sources of the checkout are
 * given to it with their builtins renamed, and each stands in as a module of functions that call
 * the builtin's (through process.getBuiltinModule, which the build leaves alone); a table of
 * values (fs.constants) reads the builtin's when first read, and a single value (path.sep) is
 * written in as the system that builds has it (a bundle built on another system, or by another
 * Bun, is stale: see dist-paths.mjs). A class or an object of functions has no stand-in: the
 * build fails on an import of one. The regular expression renames `from "node:…"` (our sources
 * write double quotes); a function's own properties (realpathSync.native) are not carried over.
 */
function builtinsOnFirstUse(root: string): BunPlugin {
  const namespace = "tsk-builtin-on-first-use"
  const prefix = `${namespace}:`
  const ours = [join(root, "src"), join(root, "components")].map((folder) => folder + sep)
  return {
    name: "tsk: builtins on first use",
    setup(build) {
      build.onLoad({ filter: /\.(tsx?|mjs)$/ }, async ({ path }) => {
        if (!ours.some((folder) => path.startsWith(folder))) return undefined
        const code = await Bun.file(path).text()
        const renamed = code.replace(/(\bfrom\s*)"node:([a-z_/]+)"/g, (_, from: string, name: string) => `${from}"${prefix}${name}"`)
        return { contents: renamed, loader: path.endsWith(".tsx") ? "tsx" : path.endsWith(".mjs") ? "js" : "ts" }
      })
      build.onResolve({ filter: new RegExp(`^${prefix}`) }, ({ path }) => ({ path: path.slice(prefix.length), namespace }))
      build.onLoad({ filter: /./, namespace }, async ({ path }) => {
        const builtin = `node:${path}`
        const exports = (await import(builtin)) as Record<string, unknown>
        const lines = [
          "let loaded",
          `const load = () => loaded ??= ((globalThis[Symbol.for(${JSON.stringify(BUILTINS_LOADED)})] ??= []).push(${JSON.stringify(builtin)}), process.getBuiltinModule(${JSON.stringify(builtin)}))`,
        ]
        for (const [name, value] of Object.entries(exports)) {
          if (name === "default" || !/^[a-z_$][\w$]*$/i.test(name)) continue
          if (typeof value === "function" && /^[a-z]/.test(name)) lines.push(`export function ${name}(...args) { return load().${name}(...args) }`)
          else if (typeof value === "string" || typeof value === "number") lines.push(`export const ${name} = ${JSON.stringify(value)}`)
          else if (typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "number" || typeof v === "string")) {
            lines.push(`export const ${name} = new Proxy({}, { get: (_, key) => load().${name}[key] })`)
          }
        }
        return { contents: lines.join("\n"), loader: "js" }
      })
    },
  }
}

/**
 * Compiles `packages` from their ES modules, which a require() in the source would otherwise take
 * from their CommonJS builds: the MCP SDK's CommonJS build requires zod's, a second zod beside
 * the one our code imports.
 */
function asModules(root: string, packages: string[]): BunPlugin {
  return {
    name: "tsk: packages as ES modules",
    setup(build) {
      build.onResolve({ filter: /^[@a-z]/ }, ({ path }) => (packages.some((name) => path === name || path.startsWith(`${name}/`)) ? { path: Bun.resolveSync(path, root) } : undefined))
    },
  }
}

/**
 * One statement of OpenTUI's that a CommonJS bundle cannot hold (a top-level await, or
 * import.meta.resolve, with which Bun writes no bytecode), and what replaces it.
 */
export interface Rewrite {
  /** The file it is in, by the end of its path. */
  file: RegExp
  /** The exact text, found exactly once. */
  from: string
  /** The replacement; a function gets the file's path. */
  to: string | ((path: string) => string)
  /** Declarations the replacement uses, which must be in the same file. */
  uses: string[]
}

const NODE_HELPERS = 'import { createRequire as __tskCreateRequire } from "node:module";\nimport { dirname as __tskDirname, join as __tskJoin } from "node:path";\nimport * as __tskBunFfi from "bun:ffi";\n'

/** OpenTUI 0.5.8's top-level awaits made synchronous, and its import.meta.resolve (see openTuiWithoutTopLevelAwait). */
export const openTuiRewrites: Rewrite[] = [
  {
    // The tree-sitter worker's file: Bun's file import of it yields its path in node_modules.
    file: /@opentui\/core\/chunk-bun-[a-z0-9]+\.js$/,
    from: 'var bundledTreeSitterWorkerPath = await resolveBundledFilePath(PARSER_WORKER_ASSET_KEY, () => import("@opentui/core/parser.worker", { with: { type: "file" } }), new URL("../lib/tree-sitter/parser.worker.js", import.meta.url), import.meta.url, { useAssetRoot: false });',
    to: 'var bundledTreeSitterWorkerPath = __tskCreateRequire(import.meta.url).resolve("@opentui/core/parser.worker");',
    uses: [],
  },
  {
    // bun-ffi-structs' backend: under Bun, bun:ffi itself (a module without a default export).
    file: /@opentui\/core\/chunk-bun-[a-z0-9]+\.js$/,
    from: "var backend2 = await loadBackend2();",
    to: "var backend2 = createBunBackend2(__tskBunFfi);",
    uses: ["function createBunBackend2("],
  },
  {
    // The native library: the platform's package (@opentui/core-linux-x64, ...) holds it beside its
    // entry point, which only says where it is; found from OpenTUI's own folder.
    file: /@opentui\/core\/chunk-bun-[a-z0-9]+\.js$/,
    from: "  targetLibPath = await resolveNativeLibraryPath();",
    to: [
      "  targetLibPath = (() => {",
      "    const asset = getNativeAssetDescriptor(getCurrentNodeAssetTarget());",
      "    const configured = resolveAssetRootPath(asset.key);",
      "    if (configured !== undefined) return configured;",
      "    return __tskJoin(__tskDirname(__tskCreateRequire(import.meta.url).resolve(asset.packageName)), asset.fileName);",
      "  })();",
    ].join("\n"),
    uses: ["function getNativeAssetDescriptor(", "function getCurrentNodeAssetTarget(", "function resolveAssetRootPath("],
  },
  {
    // tree-sitter's own WebAssembly (for code and markdown): where it is in node_modules, found
    // without import.meta.resolve.
    file: /@opentui\/core\/chunk-bun-[a-z0-9]+\.js$/,
    from: '  return resolveBundledFilePath(TREE_SITTER_WASM_ASSET_KEY, () => import("web-tree-sitter/tree-sitter.wasm", { with: { type: "wasm" } }), () => import.meta.resolve(TREE_SITTER_WASM_ASSET_KEY), import.meta.url);',
    to: "  return Promise.resolve(resolveAssetRootPath(TREE_SITTER_WASM_ASSET_KEY) ?? __tskCreateRequire(import.meta.url).resolve(TREE_SITTER_WASM_ASSET_KEY));",
    uses: ["function resolveAssetRootPath("],
  },
  {
    // React's developer tools, only when DEV=true (and react-devtools-core is installed): loaded
    // from node_modules as an ES module (it awaits too), without holding up the start.
    file: /@opentui\/react\/chunk-[a-z0-9]+\.js$/,
    from: '    await import("./chunk-bdqvmfwv.js");',
    to: (path) => `    import(${JSON.stringify(pathToFileURL(join(dirname(path), "chunk-bdqvmfwv.js")).href)}).catch((error) => console.warn(String(error)));`,
    uses: [],
  },
]

const FILE_IMPORT = /\bimport\("(\.\/[^"]+)", \{ with: \{ type: "file" \} \}\)/g

/**
 * Compiles OpenTUI into the CommonJS bundle, whose require cannot wait for a top-level await:
 * rewrites each of `rewrites` to a synchronous equivalent. The build fails when one is not found
 * exactly once (another version of OpenTUI), and Bun's own build fails on any other top-level
 * await, so a changed OpenTUI cannot slip through half rewritten.
 */
export function openTuiWithoutTopLevelAwait(rewrites: Rewrite[]): BunPlugin {
  return {
    name: "tsk: OpenTUI without top-level await",
    setup(build) {
      const done = new Set<Rewrite>()
      // What a rewrite imports by its full address stays out of the bundle.
      build.onResolve({ filter: /^file:/ }, ({ path }) => ({ path, external: true }))
      build.onLoad({ filter: /[\\/]@opentui[\\/](core|react)[\\/][^\\/]+\.js$/ }, async ({ path }) => {
        let code = await Bun.file(path).text()
        const here = rewrites.filter((rewrite) => rewrite.file.test(path.replaceAll("\\", "/")) && code.includes(rewrite.from))
        if (here.length === 0 && !code.includes('{ with: { type: "file" } }')) return undefined
        for (const rewrite of here) {
          if (code.indexOf(rewrite.from) !== code.lastIndexOf(rewrite.from)) throw new Error(`OpenTUI's ${path} awaits ${JSON.stringify(rewrite.from)} more than once`)
          const missing = rewrite.uses.filter((declaration) => !code.includes(declaration))
          if (missing.length > 0) throw new Error(`OpenTUI's ${path} lacks ${missing.join(", ")}`)
          code = code.replace(rewrite.from, () => (typeof rewrite.to === "string" ? rewrite.to : rewrite.to(path)))
          done.add(rewrite)
        }
        // The grammars' files (tree-sitter highlights, WebAssembly), imported for their path: the
        // bundle would copy them beside itself and give a path relative to it, which OpenTUI
        // resolves against its own folder; they stay where they are.
        code = code.replace(FILE_IMPORT, (_, file: string) => `Promise.resolve({ default: ${JSON.stringify(join(dirname(path), file))} })`)
        return { contents: NODE_HELPERS + code, loader: "js" }
      })
      build.onEnd((result) => {
        if (!result.success) return
        const missed = rewrites.filter((rewrite) => !done.has(rewrite))
        if (missed.length > 0) throw new Error(`OpenTUI changed: not found, so not rewritten: ${missed.map((rewrite) => JSON.stringify(rewrite.from)).join(", ")}`)
      })
    },
  }
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
