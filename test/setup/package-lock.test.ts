// `npm ci` on a clean clone installs exactly what package-lock.json lists and fails when the lock
// and package.json disagree. A lock written on one system used to lack the other systems' native
// packages (npm ci failed on macOS) and named a different `bin`; these tests keep it whole.
import { describe, expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { PROJECT_ROOT } from "../helpers/run-tsk.ts"

interface LockedPackage {
  version?: string
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockedPackage> }
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as LockedPackage

/** Where Node would find `name` from the package installed at `from`: its own node_modules, then each parent's. */
function resolveLocked(from: string, name: string): string | undefined {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (!base) return undefined
    const cut = base.lastIndexOf("/node_modules/")
    base = cut === -1 ? "" : base.slice(0, cut)
  }
}

describe("package-lock.json", () => {
  it("lists every optional platform package of every locked package, for every system", () => {
    const missing: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const found = resolveLocked(path, name)
        if (!found || !lock.packages[found]!.version) missing.push(`${path || "(root)"} → ${name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it("names the same bin and dependencies as package.json", () => {
    const root = lock.packages[""]!
    expect(root.bin).toEqual(manifest.bin)
    expect(root.dependencies).toEqual(manifest.dependencies)
    expect(root.devDependencies).toEqual(manifest.devDependencies)
  })

  it("locks every dependency of package.json", () => {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    expect(names.filter((name) => !lock.packages[`node_modules/${name}`])).toEqual([])
  })
})
