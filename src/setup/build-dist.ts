// Bundles src/main.ts into dist/ (gitignored), so a `tsk` process loads a few prebuilt files
// instead of Bun transpiling every TypeScript module on each start. Run by ensure-deps.mjs and
// npm's `prepare` whenever a source is newer than the bundle (see dist-paths.mjs).
// Packages stay in node_modules (OpenTUI picks its native library per platform at run time);
// lazy imports stay separate chunks, so a CLI command still never loads the renderer. JSX is
// compiled for production (Bun.build's default; the development runtime checks every element, and
// `tsk` runs React in production; a test checks). Files our modules find beside themselves
// through import.meta.url are copied next to the chunks, where the bundled code looks for them.
import { copyFileSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DIST_ENTRY, DIST_FOLDER, DIST_STAMP } from "./dist-paths.mjs"

/** Files read through `new URL("./name", import.meta.url)` at run time, relative to the root. */
export const DIST_ASSETS = ["src/c64/machine/demo/demo.prg"]

/** Builds the bundle of the checkout at `root` into `out` (dist/ unless a test asks elsewhere). */
export async function buildDist(root: string, out = join(root, DIST_FOLDER)): Promise<void> {
  const temp = `${out}.${process.pid}.tmp`
  // The stamp carries the time the build started: a source saved during the build stays newer.
  const started = new Date()
  rmSync(temp, { recursive: true, force: true })
  const result = await Bun.build({
    entrypoints: [join(root, "src", "main.ts")],
    outdir: temp,
    target: "bun",
    format: "esm",
    splitting: true,
    packages: "external",
    minify: { syntax: true, whitespace: true },
    tsconfig: join(root, "tsconfig.json"),
    naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
  })
  if (!result.success) {
    rmSync(temp, { recursive: true, force: true })
    throw new AggregateError(result.logs, "bun build failed")
  }
  for (const asset of DIST_ASSETS) copyFileSync(join(root, asset), join(temp, asset.split("/").at(-1)!))
  writeFileSync(join(temp, DIST_STAMP), `${started.toISOString()}\n`)
  utimesSync(join(temp, DIST_STAMP), started, started)
  // Swap whole folders: a `tsk` starting meanwhile sees the old bundle or the new one, never half.
  const old = `${out}.${process.pid}.old`
  mkdirSync(out, { recursive: true })
  renameSync(out, old)
  renameSync(temp, out)
  rmSync(old, { recursive: true, force: true })
  if (!Bun.file(join(out, DIST_ENTRY)).size) throw new Error("bun build wrote no entry point")
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
