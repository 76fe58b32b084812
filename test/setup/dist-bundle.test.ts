import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DIST_CLI, buildDist } from "../../src/setup/build-dist.ts"
import { DIST_ENTRY, DIST_MANIFEST, DIST_SOURCES, bundleIsFresh, distManifest, type DistManifest } from "../../src/setup/dist-paths.mjs"
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

  it("runs the TUI and the commands from CommonJS with its bytecode, the hook from ES modules", () => {
    const cli = readFileSync(join(out, DIST_CLI), "utf8")
    expect(cli.split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
    expect(statSync(join(out, `${DIST_CLI}.jsc`)).size).toBeGreaterThan(0)
    const entry = readFileSync(join(out, DIST_ENTRY), "utf8")
    expect(entry).toContain(`import("./${DIST_CLI}")`)
    expect(entry).toMatch(/import\("\.\/hook-command-[a-z0-9]+\.js"\)/)
  })

  it("compiles zod in, and initialises it only for a command that validates", () => {
    const run = (args: string[]) =>
      spawnSync(BUN, ["--preload", join(PROJECT_ROOT, "test", "helpers", "report-zod.ts"), join(out, DIST_CLI), ...args], {
        cwd: tmpdir(),
        env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" },
        encoding: "utf8",
        timeout: 60_000,
      })
    expect(readFileSync(join(out, DIST_CLI), "utf8")).not.toMatch(/require\("zod/)
    for (const args of [["list", "--json"], ["add", "Lean bundled add"]]) {
      const result = run(args)
      expect(result.status, result.stderr).toBe(0)
      expect(result.stderr).not.toContain("zod was initialised")
    }
    expect(run(["doctor"]).stderr).toContain("zod was initialised")
  })

  it("renders JSX with the production runtime", () => {
    const code = readFileSync(join(out, DIST_CLI), "utf8")
    expect(code).toContain("@opentui/react/jsx-runtime")
    expect(code).not.toContain("jsx-dev-runtime")
  })
})

describe("the bundle's own staleness check", () => {
  it("lists every source file and folder of the checkout, and the absent ones", () => {
    const manifest = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8")) as DistManifest
    expect(realpathSync(join(out, manifest.root))).toBe(realpathSync(PROJECT_ROOT))
    const walk = (path: string): string[] => {
      const full = join(PROJECT_ROOT, path)
      if (!existsSync(full)) return []
      return statSync(full).isDirectory() ? [path, ...readdirSync(full).flatMap((e) => walk(`${path}/${e}`))] : [path]
    }
    expect([...manifest.present].sort()).toEqual(DIST_SOURCES.flatMap(walk).sort())
    expect(manifest.absent).toEqual(DIST_SOURCES.filter((source) => !existsSync(join(PROJECT_ROOT, source))))
  })

  // A checkout in a temporary folder, its manifest and stamp written as the build writes them.
  function fakeCheckout(): { root: string; out: string; stamp: () => void } {
    const root = mkdtempSync(join(tmpdir(), "tsk-fresh-"))
    for (const dir of ["dist", "src/a/b/c/d/e", "components/x"]) mkdirSync(join(root, dir), { recursive: true })
    for (const file of ["package.json", "tsconfig.json", "src/main.ts", "src/a/b/c/d/e/deep.ts", "components/x/view.tsx"]) writeFileSync(join(root, file), "\n")
    const out = join(root, "dist")
    const stamp = () => {
      // Everything an hour old, then the manifest and a stamp of a second ago: what a build leaves
      // (its stamp has the time the build started). A stamp of now could share its time with
      // the edit that follows: the kernel's file times move in steps of a few milliseconds.
      const old = new Date(Date.now() - 3_600_000)
      for (const path of distManifest(root, out).present) utimesSync(join(root, path), old, old)
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify(distManifest(root, out)))
      writeFileSync(join(out, ".built"), "")
      const built = new Date(Date.now() - 1000)
      utimesSync(join(out, ".built"), built, built)
    }
    stamp()
    return { root, out, stamp }
  }

  it("finds an edit at any depth, in place or by a new, removed or renamed file, and a new optional source", () => {
    const { root, out, stamp } = fakeCheckout()
    try {
      expect(bundleIsFresh(out)).toBe(true)
      // An in-place edit of the deepest file: no folder's time changes.
      writeFileSync(join(root, "src/a/b/c/d/e/deep.ts"), "export {}\n")
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      writeFileSync(join(root, "components", "x", "new.tsx"), "\n")
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      renameSync(join(root, "components", "x", "new.tsx"), join(root, "components", "x", "renamed.tsx"))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      rmSync(join(root, "components", "x", "renamed.tsx"))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      writeFileSync(join(root, "tsconfig.json"), "{}\n")
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      // bunfig.toml was absent when the bundle was built; its appearance changes the build.
      writeFileSync(join(root, "bunfig.toml"), "\n")
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      expect(bundleIsFresh(out)).toBe(true)
      rmSync(join(out, ".built"))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      rmSync(join(out, DIST_MANIFEST))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      // Built by another Bun: its bytecode would not be used.
      const manifest = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8")) as DistManifest
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify({ ...manifest, bun: "0.0.1" }))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      // A checkout moved elsewhere: the bundle holds the old paths its modules find through import.meta.
      renameSync(root, `${root}-moved`)
      expect(bundleIsFresh(join(`${root}-moved`, "dist"))).toBe(false)
    } finally {
      rmSync(root, { recursive: true, force: true })
      rmSync(`${root}-moved`, { recursive: true, force: true })
    }
  })

  it("the launcher runs a bundle as it is (cli.js, main.js for the hook), and builds one that has no list of its sources or no cli.js", () => {
    const root = mkdtempSync(join(tmpdir(), "tsk-launcher-"))
    try {
      for (const dir of ["bin", "dist", "src/setup", "node_modules/bun/bin"]) mkdirSync(join(root, dir), { recursive: true })
      copyFileSync(join(PROJECT_ROOT, "bin", "tsk"), join(root, "bin", "tsk"))
      chmodSync(join(root, "bin", "tsk"), 0o755)
      symlinkSync(realpathSync(BUN), join(root, "node_modules", "bun", "bin", "bun.exe"))
      writeFileSync(
        join(root, "src", "setup", "build-dist.ts"),
        'import { writeFileSync } from "node:fs"\nconst dist = import.meta.dirname + "/../../dist"\nfor (const entry of ["cli.js", "main.js"]) writeFileSync(dist + "/" + entry, `console.log("rebuilt ${entry}")\\n`)\nwriteFileSync(dist + "/.sources", "{}")\n',
      )
      const run = (...args: string[]) => spawnSync(join(root, "bin", "tsk"), args, { cwd: tmpdir(), encoding: "utf8", timeout: 60_000 }).stdout.trim()
      // A bundle from before the check moved into it (no dist/.sources) is built again first.
      writeFileSync(join(root, "dist", "main.js"), 'console.log("bundle")\n')
      expect(run()).toBe("rebuilt cli.js")
      // The TUI and the commands run cli.js, the hook main.js, as they are.
      writeFileSync(join(root, "dist", "cli.js"), 'console.log("cli bundle")\n')
      writeFileSync(join(root, "dist", "main.js"), 'console.log("main bundle")\n')
      expect(run()).toBe("cli bundle")
      expect(run("list", "--json")).toBe("cli bundle")
      expect(run("hook")).toBe("main bundle")
      expect(run("hook", "--help")).toBe("cli bundle")
      // A bundle from before cli.js existed (main.js alone) is built again first.
      rmSync(join(root, "dist", "cli.js"))
      expect(run("list")).toBe("rebuilt cli.js")
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("a real bundle rebuilds itself after an edit and runs the new code in the same process", () => {
    // A copy of the checkout with nothing built: the launcher builds it, then edits are picked up.
    const root = mkdtempSync(join(tmpdir(), "tsk-selfcheck-"))
    try {
      for (const entry of ["bin", "src", "components", "package.json", "tsconfig.json"]) cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true })
      symlinkSync(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"))
      const run = (args: string[]) => spawnSync(join(root, "bin", "tsk"), args, { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, env: { ...process.env, TSK_HOME: home } })
      expect(run(["--version"]).stdout.trim()).toMatch(/^tsk \d+\.\d+\.\d+/)
      expect(existsSync(join(root, "dist", DIST_MANIFEST))).toBe(true)
      const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
      writeFileSync(join(root, "package.json"), JSON.stringify({ ...pkg, version: "9.8.7" }, null, 2))
      const after = run(["--version"])
      expect(after.stdout.trim()).toBe("tsk 9.8.7")
      // A deep edit in place: the rebuilt code answers, from this very process (its pid says).
      const deep = join(root, "src", "store", "paths.ts")
      writeFileSync(deep, `${readFileSync(deep, "utf8")}\nprocess.stderr.write(\`edited \${process.pid} \${process.ppid}\\n\`)\n`)
      const edited = spawnSync("sh", ["-c", `"${join(root, "bin", "tsk")}" --version & echo "launched $!"; wait`], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, env: { ...process.env, TSK_HOME: home } })
      const launched = /launched (\d+)/.exec(edited.stdout)?.[1]
      expect(edited.stderr).toContain(`edited ${launched} `)
      expect(edited.stdout).toContain("tsk 9.8.7")
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }, 120_000)
})
