// Bundles the sources into dist/ (gitignored), so a `tsk` process loads prebuilt code instead of
// Bun transpiling every TypeScript module on each start. Run by ensure-deps.mjs and npm's
// `prepare` whenever a source is newer than the bundle (see dist-paths.mjs).
//
// Two bundles, because Bun stores compiled bytecode beside a bundle only for CommonJS:
// - dist/cli.js (+ cli.js.jsc), from src/cli-main.ts: the TUI and every command, as CommonJS with
//   its bytecode, so nothing of it is parsed at start (a command starts about 6 ms sooner, the
//   TUI about 30 ms). OpenTUI awaits at its top level, which a require cannot wait for, so
//   start-tui.ts loads it with import() before anything requires it.
// - dist/main.js and its chunks, ES modules: the entry point for `bun dist/main.js` and the
//   launcher's path for the hook, which must answer in a few milliseconds and so loads no more
//   than it needs; it imports cli.js for the rest.
// Packages stay in node_modules (OpenTUI picks its native library per platform at run time),
// but for zod and the MCP SDK, compiled into cli.js (see CLI_BUNDLED). JSX is compiled for
// production (the development runtime checks every element, and `tsk` runs React in production;
// a test checks). Bun writes the paths our modules find through import.meta into cli.js as the
// sources' (the demo program of the simulated C64 is read from src/), so a checkout that moved
// is rebuilt (see dist-paths.mjs).
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { BunPlugin } from "bun"
import { DIST_ENTRY, DIST_FOLDER, DIST_MANIFEST, DIST_STAMP, distManifest } from "./dist-paths.mjs"

/** The CommonJS bundle, and the source it is built from. */
export const DIST_CLI = "cli.js"
const CLI_SOURCE = "src/cli-main.ts"
/**
 * Packages compiled into cli.js; the others it loads from node_modules. A require of zod loads
 * its CommonJS build, which takes ~60 ms (its ES modules ~30 ms), against ~1 ms of start-up for
 * every command to carry it compiled; the MCP SDK must share that copy of zod.
 */
const CLI_BUNDLED = ["zod", "@modelcontextprotocol/sdk"]

function cliExternal(root: string): string[] {
  const { dependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }
  return Object.keys(dependencies)
    .filter((name) => !CLI_BUNDLED.includes(name))
    .flatMap((name) => [name, `${name}/*`])
}

/** Chunks of earlier builds are kept this long: a `tsk` started before a rebuild may still import them. */
const OLD_CHUNKS_KEPT_MS = 24 * 60 * 60 * 1000

/** Builds the bundle of the checkout at `root` into `out` (dist/ unless a test asks elsewhere). */
export async function buildDist(root: string, out = join(root, DIST_FOLDER)): Promise<void> {
  const temp = join(out, `.build-${process.pid}`)
  // The stamp carries the time the build started: a source saved during the build stays newer.
  const started = new Date()
  // The sources as they are when the build starts: one saved later is newer than the stamp.
  const manifest = distManifest(root, out)
  mkdirSync(out, { recursive: true })
  try {
    const common = {
      target: "bun",
      minify: { syntax: true, whitespace: true },
      tsconfig: join(root, "tsconfig.json"),
      jsx: { runtime: "automatic", importSource: "@opentui/react", development: false },
    } as const
    const esm = await Bun.build({
      ...common,
      entrypoints: [join(root, "src", "main.ts")],
      outdir: temp,
      format: "esm",
      splitting: true,
      packages: "external",
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
      plugins: [cliStaysApart(root)],
    })
    if (!esm.success) throw new AggregateError(esm.logs, "bun build (ES modules) failed")
    const cli = await Bun.build({
      ...common,
      external: cliExternal(root),
      entrypoints: [join(root, CLI_SOURCE)],
      outdir: temp,
      format: "cjs",
      bytecode: true,
      naming: { entry: DIST_CLI },
    })
    if (!cli.success) throw new AggregateError(cli.logs, "bun build (CommonJS) failed")
    // Chunks are named by their content, so moving them in changes nothing a running `tsk` uses;
    // the entry points move in after them (the bytecode before its bundle: a bundle that meets
    // bytecode of another build ignores it and parses itself) and the stamp last (each rename is
    // atomic). Chunks of earlier builds stay for a day: a process started from one may still
    // load its lazy parts.
    const entries = [`${DIST_CLI}.jsc`, DIST_CLI, DIST_ENTRY]
    const fresh = new Set(readdirSync(temp))
    for (const name of fresh) if (!entries.includes(name)) renameSync(join(temp, name), join(out, name))
    for (const name of entries) if (fresh.has(name)) renameSync(join(temp, name), join(out, name))
    writeFileSync(join(out, `${DIST_MANIFEST}.${process.pid}`), JSON.stringify(manifest) + "\n")
    renameSync(join(out, `${DIST_MANIFEST}.${process.pid}`), join(out, DIST_MANIFEST))
    writeFileSync(join(out, `${DIST_STAMP}.${process.pid}`), `${started.toISOString()}\n`)
    utimesSync(join(out, `${DIST_STAMP}.${process.pid}`), started, started)
    renameSync(join(out, `${DIST_STAMP}.${process.pid}`), join(out, DIST_STAMP))
    for (const name of readdirSync(out)) {
      if (fresh.has(name) || name === DIST_STAMP || name === DIST_MANIFEST) continue
      const path = join(out, name)
      if (Date.now() - statSync(path).mtimeMs > OLD_CHUNKS_KEPT_MS) rmSync(path, { recursive: true, force: true })
    }
  } finally {
    rmSync(temp, { recursive: true, force: true })
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

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
