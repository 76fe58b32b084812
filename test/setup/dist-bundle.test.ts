import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs"
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
  it("reaches the deepest file of every source folder", () => {
    const launcher = readFileSync(join(PROJECT_ROOT, "bin", "tsk"), "utf8")
    const checked = [...launcher.matchAll(/"\$root"\/([\w.-]+)((?:\/\*)*)(?=[\s;])/g)].map((m) => ({ source: m[1]!, depth: m[2]!.length / 2 }))
    const depth = (p: string): number => (statSync(p).isDirectory() ? 1 + Math.max(0, ...readdirSync(p).map((e) => depth(join(p, e)))) : 0)
    for (const source of DIST_SOURCES) {
      const reached = Math.max(-1, ...checked.filter((c) => c.source === source).map((c) => c.depth))
      expect({ source, reached }).toEqual({ source, reached: depth(join(PROJECT_ROOT, source)) })
    }
  })
})
