import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildDist } from "../../src/setup/build-dist.ts"
import { DIST_ENTRY, DIST_SOURCES } from "../../src/setup/dist-paths.mjs"
import { BUN, PROJECT_ROOT, runTsk } from "../helpers/run-tsk.ts"
import { stopRunner } from "../helpers/stop-runner.ts"

let out: string
let home: string

function runBundle(args: string[]) {
  const result = spawnSync(BUN, [join(out, DIST_ENTRY), ...args], {
    cwd: tmpdir(),
    env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "tsk-dist-"))
  home = mkdtempSync(join(tmpdir(), "tsk-home-"))
  await buildDist(PROJECT_ROOT, join(out, "dist"))
  out = join(out, "dist")
})

afterAll(() => {
  rmSync(join(out, ".."), { recursive: true, force: true })
  rmSync(home, { recursive: true, force: true })
})

describe("the bundled entry point", () => {
  it("answers CLI commands as the sources do", () => {
    expect(runTsk(home, ["add", "Bundled task", "-p", "high"]).code).toBe(0)
    const fromBundle = runBundle(["list", "--json"])
    expect(fromBundle.code).toBe(0)
    expect(fromBundle.stdout).toBe(runTsk(home, ["list", "--json"]).stdout)
    expect(JSON.parse(fromBundle.stdout)[0].title).toBe("Bundled task")
  })

  it("finds the files its modules read beside themselves (the demo program of the simulated C64)", async () => {
    // The screen comes from the runner that owns the machine, which the bundle starts on demand.
    try {
      const screen = runBundle(["c64", "screen"])
      expect(screen.stderr).toContain("started a runner in the background")
      expect(screen.stdout).toContain("TSK DEMO")
    } finally {
      await stopRunner(home)
    }
  })

  it("renders JSX with the production runtime", () => {
    const chunks = readdirSync(out).filter((f) => f.endsWith(".js"))
    const code = chunks.map((f) => readFileSync(join(out, f), "utf8")).join("\n")
    expect(code).toContain("@opentui/react/jsx-runtime")
    expect(code).not.toContain("jsx-dev-runtime")
  })
})

describe("the launcher's staleness check", () => {
  it("compares every source of the bundle with the stamp", () => {
    const launcher = readFileSync(join(PROJECT_ROOT, "bin", "tsk"), "utf8")
    const listed = /for source in ([^;]+);/.exec(launcher)?.[1]?.trim().split(/\s+/)
    expect(listed).toEqual(DIST_SOURCES)
  })

  // A checkout in a temporary folder: the real launcher, Bun, a bundle that says "bundle" and a
  // build that replaces it with one that says "rebuilt".
  function fakeCheckout(): { root: string; run: () => string } {
    const root = mkdtempSync(join(tmpdir(), "tsk-launcher-"))
    for (const dir of ["bin", "dist", "src/setup", "src/a/b/c/d/e", "components/x", "node_modules/bun/bin"]) mkdirSync(join(root, dir), { recursive: true })
    copyFileSync(join(PROJECT_ROOT, "bin", "tsk"), join(root, "bin", "tsk"))
    chmodSync(join(root, "bin", "tsk"), 0o755)
    symlinkSync(realpathSync(BUN), join(root, "node_modules", "bun", "bin", "bun.exe"))
    for (const file of ["package.json", "tsconfig.json", "bunfig.toml", "src/main.ts", "src/a/b/c/d/e/deep.ts", "components/x/view.tsx"]) writeFileSync(join(root, file), "\n")
    writeFileSync(
      join(root, "src", "setup", "build-dist.ts"),
      'import { writeFileSync } from "node:fs"\nconst dist = import.meta.dirname + "/../../dist"\nwriteFileSync(dist + "/main.js", \'console.log("rebuilt")\\n\')\nwriteFileSync(dist + "/.built", "")\n',
    )
    writeFileSync(join(root, "dist", "main.js"), 'console.log("bundle")\n')
    writeFileSync(join(root, "dist", ".built"), "")
    // Everything but the stamp an hour old: the bundle is fresh.
    const age = (path: string) => utimesSync(join(root, path), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000))
    for (const file of ["package.json", "tsconfig.json", "bunfig.toml", "src/main.ts", "src/setup/build-dist.ts", "src/a/b/c/d/e/deep.ts", "components/x/view.tsx"]) age(file)
    const run = () => {
      const result = spawnSync(join(root, "bin", "tsk"), [], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000 })
      return result.stdout.trim()
    }
    return { root, run }
  }

  it("runs a fresh bundle, and rebuilds after an edit at any depth, in place or by a new file", () => {
    const checkout = fakeCheckout()
    try {
      expect(checkout.run()).toBe("bundle")
      // An in-place edit of the deepest file: no folder's time changes.
      writeFileSync(join(checkout.root, "src/a/b/c/d/e/deep.ts"), "export {}\n")
      expect(checkout.run()).toBe("rebuilt")
      writeFileSync(join(checkout.root, "dist", "main.js"), 'console.log("bundle")\n')
      expect(checkout.run()).toBe("bundle")
      writeFileSync(join(checkout.root, "components", "x", "new.tsx"), "\n")
      expect(checkout.run()).toBe("rebuilt")
      writeFileSync(join(checkout.root, "dist", "main.js"), 'console.log("bundle")\n')
      writeFileSync(join(checkout.root, "tsconfig.json"), "{}\n")
      expect(checkout.run()).toBe("rebuilt")
    } finally {
      rmSync(checkout.root, { recursive: true, force: true })
    }
  })

  it("rebuilds when the stamp is missing, and does not trip over a missing optional source", () => {
    const checkout = fakeCheckout()
    try {
      rmSync(join(checkout.root, "bunfig.toml"))
      expect(checkout.run()).toBe("bundle")
      rmSync(join(checkout.root, "dist", ".built"))
      expect(checkout.run()).toBe("rebuilt")
    } finally {
      rmSync(checkout.root, { recursive: true, force: true })
    }
  })
})
