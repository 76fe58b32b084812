// Bundles the sources into dist/ (gitignored), so a `tsk` process loads prebuilt code instead of
// Bun transpiling every TypeScript module on each start. Run by ensure-deps.mjs and npm's
// `prepare` whenever a source is newer than the bundle (see dist-paths.mjs).
//
// Two bundles, because Bun stores compiled bytecode beside a bundle only for CommonJS:
// - dist/main.js and its chunks, ES modules: the entry point, the hook (which must answer in a few
//   milliseconds, so it loads no more than it needs) and the TUI (OpenTUI awaits at its top
//   level, which a CommonJS require cannot); lazy parts stay separate chunks;
// - dist/cli.js (+ cli.js.jsc): every other command, from src/cli-main.ts, as CommonJS with its
//   bytecode, so a command starts without parsing any of it (about 8 ms less on `tsk list`); the
//   launcher runs it directly for a command.
// Each reaches the other only through CROSSINGS, imported at run time by file name; the build
// fails if OpenTUI ends up in cli.js anyway.
// Packages stay in node_modules (OpenTUI picks its native library per platform at run time).
// JSX is compiled for production (the development runtime checks every element, and `tsk` runs
// React in production; a test checks). Files our modules find beside themselves through
// import.meta.url are copied next to the bundles, where main.js's chunks look for them; into
// cli.js Bun writes import.meta's paths as the sources' (so a checkout that moved is rebuilt: see
// dist-paths.mjs).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { BunPlugin } from "bun"
import { DIST_ENTRY, DIST_FOLDER, DIST_MANIFEST, DIST_STAMP, distManifest } from "./dist-paths.mjs"

/** Files read through `new URL("./name", import.meta.url)` at run time, relative to the root. */
export const DIST_ASSETS = ["src/c64/machine/demo/demo.prg"]

/** The CommonJS bundle of the commands. */
export const DIST_CLI = "cli.js"

/** Where one bundle imports the other: the source, its file in dist/, and the bundle it is in. */
export const CROSSINGS: Record<string, { file: string; in: "cli" | "esm" }> = {
  "src/cli-main.ts": { file: DIST_CLI, in: "cli" },
  "src/tui/run-tui.ts": { file: "run-tui.js", in: "esm" },
  "components/app.tsx": { file: "app.js", in: "esm" },
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
      packages: "external",
      minify: { syntax: true, whitespace: true },
      tsconfig: join(root, "tsconfig.json"),
      jsx: { runtime: "automatic", importSource: "@opentui/react", development: false },
    } as const
    const sources = (bundle: "cli" | "esm") => Object.keys(CROSSINGS).filter((source) => CROSSINGS[source]!.in === bundle)
    const esm = await Bun.build({
      ...common,
      entrypoints: [join(root, "src", "main.ts"), ...sources("esm").map((source) => join(root, source))],
      outdir: temp,
      format: "esm",
      splitting: true,
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
      plugins: [crossTo(root, "cli")],
    })
    if (!esm.success) throw new AggregateError(esm.logs, "bun build (ES modules) failed")
    const cli = await Bun.build({
      ...common,
      entrypoints: sources("cli").map((source) => join(root, source)),
      outdir: temp,
      format: "cjs",
      bytecode: true,
      naming: { entry: DIST_CLI },
      plugins: [crossTo(root, "esm")],
    })
    if (!cli.success) throw new AggregateError(cli.logs, "bun build (CommonJS) failed")
    if (/require\("@opentui\//.test(readFileSync(join(temp, DIST_CLI), "utf8"))) {
      throw new Error(`OpenTUI is bundled into ${DIST_CLI}: reach the TUI only through ${sources("esm").join(", ")}`)
    }
    for (const asset of DIST_ASSETS) copyFileSync(join(root, asset), join(temp, asset.split("/").at(-1)!))
    // Chunks are named by their content, so moving them in changes nothing a running `tsk` uses;
    // the entry points move in after them (the bytecode before its bundle: a bundle that meets
    // bytecode of another build ignores it and parses itself) and the stamp last (each rename is
    // atomic). Chunks of earlier builds stay for a day: a TUI started from one may still load its
    // lazy parts.
    const entries = [...sources("esm").map((source) => CROSSINGS[source]!.file), `${DIST_CLI}.jsc`, DIST_CLI, DIST_ENTRY]
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
 * Leaves the crossings into the other bundle out of this one: an import of one becomes an import
 * of its file in dist/, at run time. The sources import them the same way, so both run alike.
 */
function crossTo(root: string, other: "cli" | "esm"): BunPlugin {
  const targets = new Map<string, string>()
  for (const [source, { file, in: bundle }] of Object.entries(CROSSINGS)) if (bundle === other) targets.set(join(root, source), `./${file}`)
  return {
    name: `tsk: the ${other} bundle stays apart`,
    setup(build) {
      build.onResolve({ filter: /\.tsx?$/ }, (args) => {
        const target = targets.get(join(args.resolveDir, args.path))
        return target ? { path: target, external: true } : undefined
      })
    },
  }
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
