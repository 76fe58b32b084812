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
// - dist/tui-launch.js, from src/cli/tui-launch.ts: `tsk`'s launch of the TUI, its first screen
//   drawn before tui.js loads, which cli.js requires for `tsk` (covered by cli.js's check, as
//   change.js is);
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
// - dist/main.js and its chunks, ES modules: the entry point for `bun dist/main.js`, which
//   answers the hook loading no more than it needs (cli.js, the launcher's path, answers it
//   before its command table: see cli-main.ts); it imports cli.js for the rest.
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
import { linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import type { BunPlugin } from "bun"
import { asModules, builtinsOnFirstUse, cliStaysApart, fromBundles, openTuiRewrites, openTuiWithoutTopLevelAwait } from "./build-plugins.ts"
import { CHANGE_SOURCE, CLI_SOURCE, DIST_CHANGE, DIST_CLI, DIST_EXECUTABLE, DIST_EXECUTABLE_BUN, DIST_TUI_LAUNCH, DIST_MORE, DIST_TUI, externalFor, TUI_LAUNCH_SOURCE, MORE_SOURCE, OPENTUI, OPENTUI_LEFT_OUT, packagesOf, TUI_SOURCE, VENDOR } from "./bundle-parts.ts"
import { DIST_BUILD_FILES, DIST_ENTRY, DIST_HOOK_MANIFEST, HOOK_PART, DIST_FOLDER, DIST_MANIFEST, DIST_STAMP, distManifest } from "./dist-paths.mjs"

/** What a build's metafile says of its inputs (paths relative to the current folder). */
interface Metafile {
  inputs: Record<string, { imports?: { path: string; kind: string }[] }>
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
    const metafiles = new Map<string, Metafile | undefined>()
    /** `entry` and the sources it imports statically, and theirs: what runs before its first dynamic import. */
    const staticClosure = (metafile: Metafile | undefined, entry: string): string[] => {
      const inputs = metafile?.inputs ?? {}
      const key = (path: string) => relative(root, resolve(path)).replaceAll("\\", "/")
      const byPath = new Map(Object.entries(inputs).map(([path, input]) => [key(path), input]))
      const seen = new Set<string>()
      const visit = (path: string) => {
        if (seen.has(path) || !byPath.has(path)) return
        seen.add(path)
        for (const imported of byPath.get(path)!.imports ?? []) if (imported.kind === "import-statement") visit(key(imported.path))
      }
      visit(entry)
      return [...seen].filter((path) => sources.has(path))
    }
    /** Builds one CommonJS bundle; gives the sources of the checkout it holds (relative paths). */
    const commonJs = async (name: string, source: string, external: string[], plugins: BunPlugin[], define: Record<string, string> = {}): Promise<string[]> => {
      const built = await Bun.build({ ...common, define: { ...common.define, ...define }, external, entrypoints: [join(root, source)], outdir: temp, format: "cjs", bytecode: true, metafile: true, naming: { entry: name }, plugins })
      if (!built.success) throw new AggregateError(built.logs, `bun build (${name}) failed`)
      // Bun leaves the bytecode out, silently, when it cannot compile the bundle as a function (an
      // import.meta left in it); a file an import copied in would be looked for elsewhere.
      const unexpected = built.outputs.filter((output) => output.kind !== "entry-point" && output.kind !== "bytecode")
      if (unexpected.length > 0) throw new Error(`bun build (${name}) wrote more than the bundle: ${unexpected.map((output) => output.path).join(", ")}`)
      if (!built.outputs.some((output) => output.kind === "bytecode")) throw new Error(`bun build (${name}) wrote no bytecode`)
      metafiles.set(name, built.metafile)
      return ownSources(built.metafile)
    }
    const ours = externalFor(root, [...packagesOf(VENDOR), ...packagesOf(OPENTUI)])
    // The bundles cli.js and change.js load apart, each after a look at its own sources.
    const apart = { [TUI_SOURCE]: DIST_TUI, [MORE_SOURCE]: DIST_MORE }
    // The bundles cli.js requires without a look of their own: its check at start covers them.
    const covered = { [CHANGE_SOURCE]: DIST_CHANGE, [TUI_LAUNCH_SOURCE]: DIST_TUI_LAUNCH }
    const [cli, change, tuiLaunch, more, tui, vendor, opentui] = await Promise.all([
      commonJs(DIST_CLI, CLI_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], apart, covered), builtinsOnFirstUse(root)]),
      commonJs(DIST_CHANGE, CHANGE_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], apart), builtinsOnFirstUse(root)]),
      commonJs(DIST_TUI_LAUNCH, TUI_LAUNCH_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], apart), builtinsOnFirstUse(root)]),
      commonJs(DIST_MORE, MORE_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], { [TUI_SOURCE]: DIST_TUI }), builtinsOnFirstUse(root)]),
      commonJs(DIST_TUI, TUI_SOURCE, ours, [fromBundles(root, [VENDOR, OPENTUI], {}), builtinsOnFirstUse(root)]),
      commonJs(VENDOR.file, VENDOR.source, externalFor(root, packagesOf(VENDOR)), [asModules(root, packagesOf(VENDOR))]),
      // Bun would write NODE_ENV in as "development" at build time.
      commonJs(OPENTUI.file, OPENTUI.source, externalFor(root, packagesOf(OPENTUI), OPENTUI_LEFT_OUT), [openTuiWithoutTopLevelAwait(openTuiRewrites)], { "process.env.NODE_ENV": "process.env.NODE_ENV" }),
    ])
    const executable = await compileCli(root, temp, common, ours, [fromBundles(root, [VENDOR, OPENTUI], apart, covered, "executable"), builtinsOnFirstUse(root)])
    // Chunks are named by their content, so moving them in changes nothing a running `tsk` uses;
    // the entry points move in after them (the bytecode before its bundle: a bundle that meets
    // bytecode of another build ignores it and parses itself) and the stamp last (each rename is
    // atomic). Chunks of earlier builds stay for a day: a process started from one may still
    // load its lazy parts.
    // The executable moves in after cli.js, the bundles it loads; a build that could not make one
    // removes the one before, which would otherwise run in its place with another build's bundles.
    const withoutBytecode = [DIST_EXECUTABLE, DIST_EXECUTABLE_BUN, DIST_ENTRY]
    const entries = [VENDOR.file, OPENTUI.file, DIST_TUI, DIST_MORE, DIST_CHANGE, DIST_TUI_LAUNCH, DIST_CLI, ...withoutBytecode].flatMap((file) => (withoutBytecode.includes(file) ? [file] : [`${file}.jsc`, file]))
    if (!executable) for (const file of [DIST_EXECUTABLE_BUN, DIST_EXECUTABLE]) rmSync(join(out, file), { force: true })
    const fresh = new Set(readdirSync(temp))
    for (const name of fresh) if (!entries.includes(name)) renameSync(join(temp, name), join(out, name))
    for (const name of entries) if (fresh.has(name)) renameSync(join(temp, name), join(out, name))
    // cli.js compares only these when it starts (change.js, tui-launch.js, vendor.js and opentui.js are required
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
      [DIST_CLI]: withFolders([...cli, ...change, ...tuiLaunch, ...packages]),
      [DIST_MORE]: withFolders([...more, ...packages]),
      [DIST_TUI]: withFolders([...tui, ...packages]),
      [DIST_ENTRY]: withFolders(ownSources(esm.metafile)),
      // The hook's modules (main.js's chunks) and what cli.js runs before it answers the hook.
      [HOOK_PART]: withFolders([...new Set([...ownSources(esm.metafile), ...staticClosure(metafiles.get(DIST_CLI), CLI_SOURCE)])]),
    }
    writeFileSync(join(out, `${DIST_HOOK_MANIFEST}.${process.pid}`), JSON.stringify({ ...manifest, present: [], build, parts: { [HOOK_PART]: parts[HOOK_PART] } }) + "\n")
    renameSync(join(out, `${DIST_HOOK_MANIFEST}.${process.pid}`), join(out, DIST_HOOK_MANIFEST))
    writeFileSync(join(out, `${DIST_MANIFEST}.${process.pid}`), JSON.stringify({ ...manifest, build, parts }) + "\n")
    renameSync(join(out, `${DIST_MANIFEST}.${process.pid}`), join(out, DIST_MANIFEST))
    writeFileSync(join(out, `${DIST_STAMP}.${process.pid}`), `${started.toISOString()}\n`)
    utimesSync(join(out, `${DIST_STAMP}.${process.pid}`), started, started)
    renameSync(join(out, `${DIST_STAMP}.${process.pid}`), join(out, DIST_STAMP))
    for (const name of readdirSync(out)) {
      if (fresh.has(name) || name === DIST_STAMP || name === DIST_MANIFEST || name === DIST_HOOK_MANIFEST) continue
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

export { DIST_CHANGE, DIST_CLI, DIST_EXECUTABLE, DIST_EXECUTABLE_BUN, DIST_TUI_LAUNCH, DIST_MORE, DIST_OPENTUI, DIST_TUI, DIST_VENDOR } from "./bundle-parts.ts"
export { BUILTINS_LOADED, openTuiRewrites, openTuiWithoutTopLevelAwait } from "./build-plugins.ts"

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
