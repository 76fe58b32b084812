// The Bun plugins the build of dist/ (build-dist.ts) uses: which modules a bundle takes from
// another bundle or leaves to node_modules, builtins loaded on first use, and OpenTUI's top-level
// awaits made synchronous so that a require can load it.
import { dirname, join, resolve, sep } from "node:path"
import { pathToFileURL } from "node:url"
import type { BunPlugin } from "bun"
import { CLI_SOURCE, DIST_CLI, FRESH_ENTRY_SOURCE, packagesOf, type PackageBundle } from "./bundle-parts.ts"
/**
 * Leaves cli-main.ts out of main.js's bundle: main.js imports dist/cli.js at run time, as the
 * sources import cli-main.ts.
 */
export function cliStaysApart(root: string): BunPlugin {
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
export function fromBundles(root: string, bundles: PackageBundle[], apart: Record<string, string>, covered: Record<string, string> = {}, from: "bundle" | "executable" = "bundle"): BunPlugin {
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
export function builtinsOnFirstUse(root: string): BunPlugin {
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
export function asModules(root: string, packages: string[]): BunPlugin {
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
