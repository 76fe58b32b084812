// Bundles src/main.ts into dist/ (gitignored), so a `tsk` process loads a few prebuilt files
// instead of Bun transpiling every TypeScript module on each start. Run by ensure-deps.mjs and
// npm's `prepare` whenever a source is newer than the bundle (see dist-paths.mjs).
// Packages stay in node_modules (OpenTUI picks its native library per platform at run time);
// lazy imports stay separate chunks, so a CLI command still never loads the renderer. JSX is
// compiled for production (the development runtime checks every element, and `tsk` runs React in
// production; a test checks). Files our modules find beside themselves through import.meta.url
// are copied next to the chunks, where the bundled code looks for them.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DIST_ENTRY, DIST_FOLDER, DIST_MANIFEST, DIST_STAMP, distManifest } from "./dist-paths.mjs"

/** Files read through `new URL("./name", import.meta.url)` at run time, relative to the root. */
export const DIST_ASSETS = ["src/c64/machine/demo/demo.prg"]

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
    const result = await Bun.build({
      entrypoints: [join(root, "src", "main.ts")],
      outdir: temp,
      target: "bun",
      format: "esm",
      splitting: true,
      packages: "external",
      minify: { syntax: true, whitespace: true },
      tsconfig: join(root, "tsconfig.json"),
      jsx: { runtime: "automatic", importSource: "@opentui/react", development: false },
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
    })
    if (!result.success) throw new AggregateError(result.logs, "bun build failed")
    for (const asset of DIST_ASSETS) copyFileSync(join(root, asset), join(temp, asset.split("/").at(-1)!))
    // Chunks are named by their content, so moving them in changes nothing a running `tsk` uses;
    // the entry point moves in after them and the stamp last (each rename is atomic). Chunks of
    // earlier builds stay for a day: a TUI started from one may still load its lazy parts.
    const fresh = new Set(readdirSync(temp))
    const last = [DIST_ENTRY]
    for (const name of fresh) if (!last.includes(name)) renameSync(join(temp, name), join(out, name))
    for (const name of last) renameSync(join(temp, name), join(out, name))
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

if (import.meta.main) {
  const root = join(import.meta.dirname, "..", "..")
  await buildDist(root)
}
