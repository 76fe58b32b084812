// Where the bundled entry point lives and when it is stale; shared by the build (Bun), ensure-deps
// (Node), the bundle itself (dist/main.js and dist/cli.js check they are fresh before they run)
// and the tests.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs"
import { join, relative } from "node:path"

export const DIST_FOLDER = "dist"
export const DIST_ENTRY = "main.js"
/** Written last by the build; its time is the bundle's time. */
export const DIST_STAMP = ".built"
/**
 * What the bundle is made of: a change to any of these makes it stale. Packages compiled into it
 * (zod, the MCP SDK, OpenTUI) come from node_modules: npm's lockfiles change when they do.
 */
export const DIST_SOURCES = ["src", "components", "package.json", "tsconfig.json", "bunfig.toml", "package-lock.json", "node_modules/.package-lock.json"]
/**
 * Written by the build beside the stamp: every source file and folder there was when the build
 * started (relative to the checkout), and the sources that were absent. The bundle compares them
 * with the stamp on every start, without a listing of the tree. It also names the checkout's real
 * path (Bun writes the paths our modules find through import.meta into a CommonJS bundle as they
 * were at build time, so a checkout that moved needs a new bundle) and the Bun that built it.
 */
export const DIST_MANIFEST = ".sources"
/** Files each part's list of sources carries beside its own: how every bundle is built. */
export const DIST_BUILD_FILES = ["package.json", "tsconfig.json", "bunfig.toml", "package-lock.json", "node_modules/.package-lock.json", "src/setup/build-dist.ts", "src/setup/dist-paths.mjs"]

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** True when dist/ holds a bundle built after every source last changed. */
export function distIsFresh(root) {
  const stamp = statSync(join(root, DIST_FOLDER, DIST_STAMP), { throwIfNoEntry: false })
  if (!stamp) return false
  return DIST_SOURCES.every((source) => newestMtime(join(root, source)) <= stamp.mtimeMs)
}

/** The manifest of the checkout at `root` for a bundle in `out` (see DIST_MANIFEST). */
export function distManifest(root, out) {
  const present = []
  const absent = []
  const walk = (path) => {
    const stat = statSync(join(root, path), { throwIfNoEntry: false })
    if (!stat) return false
    present.push(path)
    if (stat.isDirectory()) for (const entry of readdirSync(join(root, path))) walk(`${path}/${entry}`)
    return true
  }
  for (const source of DIST_SOURCES) if (!walk(source)) absent.push(source)
  return { root: relative(out, root) || ".", checkout: realpathSync(root), bun: process.versions.bun ?? null, present, absent }
}

/** The checkout the bundle in `out` was built from (its manifest says; else the folder above). */
export function checkoutOf(out) {
  try {
    const { root } = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8"))
    if (typeof root === "string") return join(out, root)
  } catch {
    // no manifest: a bundle in the checkout's dist/
  }
  return join(out, "..")
}

/**
 * True when the bundle in `out` was built after every source it lists last changed, and no source
 * appeared since, the checkout did not move and the same Bun runs it: an edit in place changes its
 * file's time, a new, removed or renamed file its folder's. About 400 stat calls (~1.7 ms in a
 * fresh process); no manifest or stamp means stale. With `part` (cli.js, main.js), only what the
 * manifest lists for that bundle (its own sources, the build's, and their folders: ~80 for cli.js,
 * ~30 for main.js, the hook's entry): a new file
 * changes that bundle only through a file of it that imports the new one, and a file renamed in
 * with an older time (a backup moved back, tar, rsync) changes its folder's.
 */
export function bundleIsFresh(out, part) {
  return bundleFreshness(out, part) !== false
}

/** As bundleIsFresh: false when stale; else which sources it compared, "own" (the part's) or "all". */
export function bundleFreshness(out, part) {
  let stamp
  let manifest
  try {
    stamp = statSync(join(out, DIST_STAMP)).mtimeMs
    manifest = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8"))
  } catch {
    return false
  }
  if (!Array.isArray(manifest?.present) || !Array.isArray(manifest.absent) || typeof manifest.root !== "string") return false
  // Bytecode is for the Bun that compiled it: another one would parse the whole bundle instead.
  if (manifest.bun !== process.versions.bun) return false
  const root = join(out, manifest.root)
  try {
    if (realpathSync(root) !== manifest.checkout) return false
  } catch {
    return false
  }
  const own = part === undefined ? undefined : manifest.parts?.[part]
  for (const path of Array.isArray(own) ? own : manifest.present) {
    const stat = statSync(`${root}/${path}`, { throwIfNoEntry: false })
    if (!stat || stat.mtimeMs > stamp) return false
  }
  for (const path of manifest.absent) if (existsSync(`${root}/${path}`)) return false
  return Array.isArray(own) ? "own" : "all"
}
