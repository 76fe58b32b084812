// Where the bundled entry point lives and when it is stale; shared by the build (Bun), ensure-deps
// (Node), the bundle itself (dist/main.js and dist/cli.js check they are fresh before they run)
// and the tests.
import { readFileSync, readdirSync, realpathSync, statSync } from "node:fs"
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
/**
 * The flags of every Bun tsk starts on a script of the checkout at `root` (bin/tsk gives the same):
 * Bun would read a .env and a bunfig.toml in the current folder, and the current folder is the
 * person's project, whose variables would become tsk's and whose bunfig's preload would run inside.
 * Without a bunfig of its own (none is needed to run), an empty one.
 */
export function bunRunFlags(root) {
  const config = join(root, "bunfig.toml")
  return ["--no-env-file", `--config=${statSync(config, { throwIfNoEntry: false })?.isFile() ? config : "/dev/null"}`]
}

/**
 * The manifest's list for `tsk hook` run from cli.js (or the executable): the hook's own sources
 * (main.js's, its chunk's) and cli-main.ts. A hook compares these ~45 instead of cli.js's ~120.
 */
export const HOOK_PART = "hook"
/**
 * The manifest with the hook's list alone (the checkout, the Bun, the build, the absent sources):
 * a tenth of the whole one, which a hook would otherwise parse (~0.25 ms) for its list.
 */
export const DIST_HOOK_MANIFEST = ".sources-hook"

/** Files each part's list of sources carries beside its own: how every bundle is built. */
export const DIST_BUILD_FILES = ["package.json", "tsconfig.json", "bunfig.toml", "package-lock.json", "node_modules/.package-lock.json", "src/setup/build-dist.ts", "src/setup/build-plugins.ts", "src/setup/bundle-parts.ts", "src/setup/dist-paths.mjs"]

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
  return { root: relative(out, root) || ".", checkout: realpathSync(root), bun: process.versions.bun ?? null, platform: `${process.platform}-${process.arch}`, present, absent }
}

/** The build of the bundle in `out`, as its manifest says; null when it says none. */
export function manifestBuild(out) {
  const build = readManifest(out)?.build
  return typeof build === "string" ? build : null
}

/** The manifest of the bundle in `out` as read through node:fs; null when there is none or it is not JSON. */
function readManifest(out) {
  try {
    return JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8"))
  } catch {
    return null
  }
}

/** The checkout the bundle in `out` was built from (its manifest says; else the folder above). */
export function checkoutOf(out) {
  const root = readManifest(out)?.root
  // No manifest: a bundle in the checkout's dist/.
  return typeof root === "string" ? join(out, root) : join(out, "..")
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

/**
 * How bundleFreshness looks at files: `mtime` gives a file's time in ms, undefined when it cannot
 * be looked at; `text` reads one (throws when it cannot).
 */
const NODE_FILES = {
  mtime: (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs,
  text: (path) => readFileSync(path, "utf8"),
}

/** The time Bun gives a file it cannot look at (missing, unreadable): the largest it has. */
export const BUN_NO_FILE_TIME = 2 ** 52 - 1

/**
 * The same through Bun's own file API, for a bundle's start (fresh-entry.ts): the bundle loads
 * node:fs and node:path only when they are first used (see build-dist.ts), and a listing that
 * uses neither starts ~2.5 ms sooner. Its times are whole milliseconds: a source saved within the
 * stamp's millisecond counts as older, as one saved within the kernel's clock step (a few ms)
 * does with node:fs. The manifest is mapped (Bun has no synchronous read of its own): only a
 * build writes it, whole, by rename, so no mapping of it is cut short. Where it cannot be mapped,
 * text throws: see bunManifestText.
 */
export const BUN_FILES = {
  mtime: (path) => {
    const time = Bun.file(path).lastModified
    return time === BUN_NO_FILE_TIME ? undefined : time
  },
  text: (path) => new TextDecoder().decode(Bun.mmap(path)),
}

/**
 * The manifest of the bundle in `out` for a start under Bun (or the one `name` says: the hook's),
 * undefined when it cannot be read:
 * mapped (BUN_FILES), or where that fails, read through Bun's file API. Bun maps a file for
 * reading and writing, so a bundle its user cannot write (`sudo npm install -g`, a read-only
 * file system) cannot be mapped, and node:fs would cost each start ~3 ms to load.
 */
export async function bunManifestText(out, name = DIST_MANIFEST) {
  const path = `${out}/${name}`
  try {
    return BUN_FILES.text(path)
  } catch {
    return Bun.file(path).text().catch(() => undefined)
  }
}

/** join(folder, up) for an `up` of `..` parts alone, without node:path (see BUN_FILES); else undefined. */
function folderAbove(folder, up) {
  if (!/^\.\.(\/\.\.)*$/.test(up) || !folder.startsWith("/") || folder.endsWith("/") || /\/\.{0,2}\//.test(`${folder}/`)) return undefined
  let above = folder
  for (let i = 0; i < up.split("/").length; i++) above = above.slice(0, above.lastIndexOf("/"))
  return above === "" ? undefined : above
}

/**
 * As bundleIsFresh: false when stale; else which sources it compared, "own" (the part's) or "all".
 * `files`: node:fs, or BUN_FILES under Bun. `build`: the build of the bundle that asks, which
 * another build's manifest makes stale (one that landed while it started).
 */
export function bundleFreshness(out, part, files = NODE_FILES, build) {
  let manifest
  const stamp = files.mtime(`${out}/${DIST_STAMP}`)
  try {
    manifest = JSON.parse(files.text(`${out}/${DIST_MANIFEST}`))
  } catch {
    return false
  }
  if (stamp === undefined) return false
  if (!Array.isArray(manifest?.present) || !Array.isArray(manifest.absent) || typeof manifest.root !== "string") return false
  if (build !== undefined && manifest.build !== build) return false
  // Bytecode is for the Bun that compiled it: another one would parse the whole bundle instead.
  // The build writes in some of the system's values (see builtinsOnFirstUse in build-dist.ts).
  if (manifest.bun !== process.versions.bun || manifest.platform !== `${process.platform}-${process.arch}`) return false
  // The checkout is where it was built when its path is the real path the build recorded (Bun
  // gives the real path of the file it runs); else its real path says (a link to it is no move).
  const root = folderAbove(out, manifest.root) ?? join(out, manifest.root)
  try {
    if (root !== manifest.checkout && realpathSync(root) !== manifest.checkout) return false
  } catch {
    return false
  }
  const own = part === undefined ? undefined : manifest.parts?.[part]
  for (const path of Array.isArray(own) ? own : manifest.present) {
    const time = files.mtime(`${root}/${path}`)
    if (time === undefined || time > stamp) return false
  }
  for (const path of manifest.absent) if (files.mtime(`${root}/${path}`) !== undefined) return false
  return Array.isArray(own) ? "own" : "all"
}
