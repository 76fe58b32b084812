// Where the bundled entry point lives and when it is stale; shared by the build (Bun), ensure-deps
// (Node) and the tests. The launcher bin/tsk makes the same check in sh.
import { readdirSync, statSync } from "node:fs"
import { join } from "node:path"

export const DIST_FOLDER = "dist"
export const DIST_ENTRY = "main.js"
/** Written last by the build; its time is the bundle's time. */
export const DIST_STAMP = ".built"
/** What the bundle is made of: a change to any of these makes it stale. */
export const DIST_SOURCES = ["src", "components", "package.json", "tsconfig.json", "bunfig.toml"]

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
