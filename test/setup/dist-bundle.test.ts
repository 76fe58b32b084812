import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DIST_CHANGE, DIST_CLI, DIST_EXECUTABLE, DIST_EXECUTABLE_BUN, DIST_MORE, DIST_OPENTUI, DIST_TUI, DIST_TUI_LAUNCH, DIST_VENDOR, buildDist, openTuiRewrites, openTuiWithoutTopLevelAwait } from "../../src/setup/build-dist.ts"
import { BUN_FILES, BUN_NO_FILE_TIME, DIST_BUILD_FILES, bunManifestText, DIST_ENTRY, DIST_MANIFEST, DIST_SOURCES, DIST_HOOK_MANIFEST, HOOK_PART, bundleFreshness, distManifest, manifestBuild, type DistManifest } from "../../src/setup/dist-paths.mjs"
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

/** How cli.js requires another bundle: once its sources are found unchanged, and only when it is of the same build. */
const checkedRequire = (file: string) => new RegExp(`freshParts\\("${file.replace(".", "\\.")}"\\),[^;]*?\\.sameBuild\\(require\\("\\./${file.replace(".", "\\.")}"\\)\\)`)

/** cli.js run with a test helper preloaded (test/helpers/report-*.ts), which reports on stderr. */
function runCliWith(helper: string, args: string[]) {
  return spawnSync(BUN, ["--preload", join(PROJECT_ROOT, "test", "helpers", helper), join(out, DIST_CLI), ...args], {
    cwd: tmpdir(),
    env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 60_000,
  })
}

/** What a helper that reports `<label>: <JSON list>` on stderr said of a successful run. */
function reported(helper: string, label: string, args: string[]): string[] {
  const result = runCliWith(helper, args)
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(new RegExp(`${label}: (.*)`).exec(result.stderr)![1]!) as string[]
}

beforeAll(async () => {
  // Inside the checkout, so the bundle finds its packages in node_modules as dist/ does (from a
  // folder with no node_modules above it, Bun would fetch them into its own cache).
  out = mkdtempSync(join(PROJECT_ROOT, ".test-dist-"))
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

  it("compiles cli.js's code into an executable that answers as cli.js does, and loads the other bundles from beside itself", async () => {
    const run = (command: string[], args: string[]) =>
      spawnSync(command[0]!, [...command.slice(1), ...args], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000 })
    const executable = [join(out, DIST_EXECUTABLE)]
    const bundle = [BUN, join(out, DIST_CLI)]
    expect(statSync(executable[0]!).mode & 0o111).not.toBe(0)
    // Beside it, the Bun it was built with (the launcher compares it with its own).
    expect(statSync(join(out, DIST_EXECUTABLE_BUN)).ino).toBe(statSync(realpathSync(BUN)).ino)
    // A command of change.js, then a listing of cli.js's own, then one of more.js (which takes packages from node_modules).
    const added = run(executable, ["add", "from the executable", "--json"])
    expect(added.status, added.stderr).toBe(0)
    expect(run(executable, ["list", "--json"]).stdout).toBe(run(bundle, ["list", "--json"]).stdout)
    expect(run(executable, ["c64", "--help"]).stdout).toBe(run(bundle, ["c64", "--help"]).stdout)
    // A `--` before the command means what it means to Bun running cli.js (which drops it).
    expect(run(executable, ["--", "list", "--json"]).stdout).toBe(run(bundle, ["--", "list", "--json"]).stdout)
    // The demo, which the executable hands to Bun, answers once (here: it needs a terminal).
    const demo = run(executable, ["--json", "demo"])
    expect(() => JSON.parse(demo.stdout)).not.toThrow()
    // Asked for the TUI, it runs the command with Bun on cli.js beside it (which says here that it needs a terminal).
    const tui = spawnSync(executable[0]!, [], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 })
    expect(tui.status).toBe(1)
    expect(tui.stderr).toContain("the TUI needs an interactive terminal")
    // It starts the runner as itself: the screen comes from the runner it started on demand.
    try {
      const screen = run(executable, ["c64", "screen"])
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

  it("loads zod (from vendor.js) only for a command that validates", () => {
    const run = (args: string[]) => runCliWith("report-zod.ts", args)
    expect(readFileSync(join(out, DIST_CLI), "utf8")).not.toMatch(/require\("zod/)
    for (const args of [["list", "--json"], ["add", "Lean bundled add"]]) {
      const result = run(args)
      expect(result.status, result.stderr).toBe(0)
      expect(result.stderr).not.toContain("zod was initialised")
    }
    expect(run(["doctor"]).stderr).toContain("zod was initialised")
  })

  it("loads node:fs and node:path only for a command that writes: a listing reads through Bun's file API", async () => {
    const loaded = (args: string[]) => reported("report-builtins.ts", "builtins loaded", args)
    expect(readFileSync(join(out, DIST_CLI), "utf8")).not.toMatch(/require\("(node:)?(fs|path)"\)/)
    expect(loaded(["add", "Listed without node:fs"])).toContain("node:fs")
    // The first date asked in a home writes its cache of the local zone (local-today.ts), once a day at most.
    expect(loaded(["list"])).toEqual(["node:fs"])
    const id = (JSON.parse(runTsk(home, ["list", "--json"]).stdout) as { id: string }[])[0]!.id
    // Between a write and its compaction (2 s at most) a listing lstats the journal through
    // node:fs, so that a link or a FIFO in its place is refused; after it, nothing of node:fs.
    expect(loaded(["list", "--json"])).toEqual(["node:fs"])
    // The compactor folds it in, or leaves that to a runner an earlier test started here.
    expect(runTsk(home, ["__compact-tasks"]).code).toBe(0)
    while (existsSync(join(home, "tasks.journal"))) await new Promise((resolve) => setTimeout(resolve, 50))
    for (const args of [["list", "--json"], ["list"], ["show", id], ["show", id, "--json"], ["ready", "--json"], ["ready"], ["next"], ["next", "--json"], ["stats"], ["stats", "--json"]]) expect(loaded(args), args.join(" ")).toEqual([])
  })

  it("answers the hook from cli.js alone, before the command table: no more.js, no zod, no builtin but node:fs and node:path (and node:os off Linux)", () => {
    const helpers = ["report-bundles.ts", "report-builtins.ts", "report-zod.ts"].flatMap((helper) => ["--preload", join(PROJECT_ROOT, "test", "helpers", helper)])
    const input = JSON.stringify({ hook_event_name: "PreToolUse", session_id: "bundled-hook", tool_name: "Bash" })
    const result = spawnSync(BUN, [...helpers, join(out, DIST_CLI), "hook"], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home }, encoding: "utf8", input, timeout: 60_000 })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toBe("")
    expect(JSON.parse(/bundles required: (.*)/.exec(result.stderr)![1]!)).toEqual([DIST_CLI])
    // The host name comes from /proc/sys/kernel/hostname on Linux, from node:os elsewhere.
    expect((JSON.parse(/builtins loaded: (.*)/.exec(result.stderr)![1]!) as string[]).sort()).toEqual(process.platform === "linux" ? ["node:fs", "node:path"] : ["node:fs", "node:os", "node:path"])
    expect(result.stderr).not.toContain("zod was initialised")
    const logged = readFileSync(join(home, "os", "session_log.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as { session: string; event: string })
    expect(logged).toMatchObject([{ session: "bundled-hook", event: "PreToolUse" }])
  })

  it("loads write-file-atomic from node_modules only for a command that replaces a whole file, from cli.js and from the executable", () => {
    const loaded = (args: string[], input?: string) => {
      const helper = join(PROJECT_ROOT, "test", "helpers", "report-write-file-atomic.ts")
      const result = spawnSync(BUN, ["--preload", helper, join(out, DIST_CLI), ...args], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home, TSK_BACKGROUND_COMPACTION: "0", NO_COLOR: "1" }, encoding: "utf8", input, timeout: 60_000 })
      expect(result.status, result.stderr).toBe(0)
      return /write-file-atomic loaded: (\w+)/.exec(result.stderr)![1]
    }
    expect(readFileSync(join(out, DIST_CLI), "utf8")).toContain(`require("write-file-atomic")`)
    // The first task of a home writes tasks.json whole; the next ones append to the journal.
    runTsk(home, ["add", "a first task, if this home has none"])
    expect(loaded(["add", "appended"])).toBe("false")
    expect(loaded(["list", "--json"])).toBe("false")
    expect(loaded(["hook"], JSON.stringify({ hook_event_name: "PreToolUse", session_id: "wfa-hook", tool_name: "Bash" }))).toBe("false")
    expect(loaded(["config", "set", "ui.theme", "dark"])).toBe("true")
    const executable = spawnSync(join(out, DIST_EXECUTABLE), ["config", "set", "ui.theme", "light"], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000 })
    expect(executable.status, executable.stderr).toBe(0)
    expect(JSON.parse(readFileSync(join(home, "config.json"), "utf8")).ui.theme).toBe("light")
  })

  it("holds one zod in vendor.js, shared by our code and the MCP SDK", () => {
    const script = `
      const vendor = require(${JSON.stringify(join(out, DIST_VENDOR))})
      console.log(vendor.mcpTypes().CallToolRequestSchema instanceof vendor.zod.ZodType)`
    const result = spawnSync(BUN, ["-e", script], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000 })
    expect(result.stdout.trim(), result.stderr).toBe("true")
  })

  it("renders JSX with the production runtime", () => {
    const code = readFileSync(join(out, DIST_TUI), "utf8")
    expect(code).toContain(`require("./${DIST_OPENTUI}").jsxRuntime`)
    expect(code).not.toContain("jsx-dev-runtime")
  })

  it("keeps the TUI, OpenTUI, zod and the MCP SDK out of cli.js and more.js, each in its own bundle with bytecode, loaded when needed", () => {
    const cli = readFileSync(join(out, DIST_CLI), "utf8")
    // `tsk` requires the TUI's launch (its first screen) as it requires change.js: cli.js's check
    // at start covers it. It requires tui.js once tui.js's sources are found unchanged (see freshParts).
    expect(cli).toContain(`.sameBuild(require("./${DIST_TUI_LAUNCH}"))`)
    const launch = readFileSync(join(out, DIST_TUI_LAUNCH), "utf8")
    expect(launch).toMatch(checkedRequire(DIST_TUI))
    expect(launch.split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
    expect(cli).toContain(`require("./${DIST_VENDOR}").zod`)
    // The MCP server is a command of more.js (see the next test).
    const more = readFileSync(join(out, DIST_MORE), "utf8")
    expect(more).toContain(`require("./${DIST_VENDOR}").mcpTypes()`)
    for (const file of [DIST_TUI, DIST_VENDOR]) {
      expect(readFileSync(join(out, file), "utf8").split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
      expect(statSync(join(out, `${file}.jsc`)).size).toBeGreaterThan(0)
    }
    for (const code of [cli, more, launch, readFileSync(join(out, DIST_TUI), "utf8")]) {
      expect(code).not.toMatch(/require\("(@opentui|zod|@modelcontextprotocol)/)
      expect(code).not.toMatch(/import\("(@opentui|zod|@modelcontextprotocol)/)
    }
  })

  it("keeps the rarely used commands out of cli.js, in more.js with its bytecode; their errors keep their kind and exit code", () => {
    const cli = readFileSync(join(out, DIST_CLI), "utf8")
    const more = readFileSync(join(out, DIST_MORE), "utf8")
    expect(cli).toMatch(checkedRequire(DIST_MORE))
    expect(more.split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
    expect(statSync(join(out, `${DIST_MORE}.jsc`)).size).toBeGreaterThan(0)
    // memory-command.ts's message: in more.js, not in cli.js.
    expect(more).toContain("(see tsk memory list)")
    expect(cli).not.toContain("(see tsk memory list)")
    // The error is more.js's TskError; run-cli (cli.js) reports it as not found, exit code 2.
    const missing = runBundle(["memory", "show", "nobody", "--json"])
    expect(missing.code, missing.stderr).toBe(2)
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { kind: "not_found" } })
  })

  it("keeps the commands that change tasks out of cli.js, in change.js with its bytecode, which a listing does not load", () => {
    const cli = readFileSync(join(out, DIST_CLI), "utf8")
    const change = readFileSync(join(out, DIST_CHANGE), "utf8")
    // cli.js's own check at start covers change.js's sources: it is required without another.
    expect(cli).toContain(`.sameBuild(require("./${DIST_CHANGE}"))`)
    expect(cli).not.toMatch(/freshParts\([^)]*\),require\("\.\/change\.js"\)/)
    expect(change.split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
    expect(statSync(join(out, `${DIST_CHANGE}.jsc`)).size).toBeGreaterThan(0)
    // claim's answer (task-change-commands.ts): in change.js, not in cli.js.
    expect(change).toContain("Claimed as")
    expect(cli).not.toContain("Claimed as")
    const required = (args: string[]) => reported("report-bundles.ts", "bundles required", args)
    expect(required(["add", "Added through change.js", "--json"])).toEqual([DIST_CHANGE, DIST_CLI])
    const id = (JSON.parse(runTsk(home, ["list", "--json"]).stdout) as { id: string }[])[0]!.id
    for (const args of [["list", "--json"], ["list"], ["show", id], ["ready"], ["next", "--json"], ["--help"]]) expect(required(args), args.join(" ")).toEqual([DIST_CLI])
    // A change.js of another build (one that landed while this process started) never runs with
    // this cli.js: the command stops before anything of it ran.
    const mixed = join(out, "..", "mixed")
    cpSync(out, mixed, { recursive: true })
    try {
      const build = manifestBuild(out)!
      writeFileSync(join(mixed, DIST_CHANGE), change.replace(`"${build}"`, `"${build}-other"`))
      rmSync(join(mixed, `${DIST_CHANGE}.jsc`))
      const refused = spawnSync(BUN, [join(mixed, DIST_CLI), "add", "Across two builds", "--json"], { cwd: tmpdir(), env: { ...process.env, TSK_HOME: home }, encoding: "utf8", timeout: 60_000 })
      expect(refused.status, refused.stderr).toBe(1)
      expect(JSON.parse(refused.stdout)).toMatchObject({ error: { kind: "conflict", message: expect.stringContaining("run it again") } })
      expect(runTsk(home, ["list", "--json", "--limit", "0"]).stdout).not.toContain("Across two builds")
    } finally {
      rmSync(mixed, { recursive: true, force: true })
    }
    // The table names them, aliases too, without loading change.js.
    expect(runBundle(["--help"]).stdout).toMatch(/rm\|delete +Delete a task and its subtasks/)
    expect(runBundle(["delete", "--help"]).stdout).toContain("Usage: tsk rm <id> [--force]")
  })

  it("takes OpenTUI from its own bundle with bytecode, which loads synchronously and shares React", () => {
    const opentui = readFileSync(join(out, DIST_OPENTUI), "utf8")
    expect(opentui.split("\n").slice(0, 2).join("\n")).toContain("@bytecode @bun-cjs")
    expect(statSync(join(out, `${DIST_OPENTUI}.jsc`)).size).toBeGreaterThan(0)
    expect(opentui).not.toMatch(/require\("@opentui\/(core|react)/)
    // A plain require: OpenTUI's ES modules (they await at their top level) would throw here.
    // React comes from node_modules, the copy cli.js loads, not compiled in.
    const script = `
      const { core, react, jsxRuntime } = require(${JSON.stringify(join(out, DIST_OPENTUI))})
      // Each copy of React loaded, by its folder (node_modules/react, or Bun's cache of packages
      // where no node_modules is above the bundle, as here in a temporary folder).
      const reacts = Object.keys(require.cache).filter((path) => path.endsWith("/index.js") && /^react(@|$)/.test(path.split("/").at(-2)))
      console.log(JSON.stringify({
        renderer: typeof core.createCliRenderer, root: typeof react.createRoot,
        jsx: jsxRuntime.jsx === require(require.resolve("react/jsx-runtime", { paths: [${JSON.stringify(out)}] })).jsx,
        reacts: reacts.length, sameReact: reacts[0] === require.resolve("react", { paths: [${JSON.stringify(out)}] }),
      }))`
    const result = spawnSync(BUN, ["-e", script], { cwd: tmpdir(), env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8", timeout: 60_000 })
    expect(result.status, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ renderer: "function", root: "function", jsx: true, reacts: 1, sameReact: true })
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
    // What cli.js compares when it starts: its own sources, vendor.js's and opentui.js's entry
    // points (required without a look of their own), how the bundles are built, and the folders
    // that hold them (and no other).
    const own = manifest.parts?.[DIST_CLI] ?? []
    expect(own).toEqual(expect.arrayContaining(["src/cli-main.ts", "src/store/tasks-repository.ts", "src/vendor-bundle.ts", "src/tui/opentui-bundle.ts", ...DIST_BUILD_FILES.filter((path) => existsSync(join(PROJECT_ROOT, path)))]))
    expect(own).not.toContain("src/cli/os-command.ts")
    expect(own).not.toContain("src/tui-entry.ts")
    const files = own.filter((path) => !statSync(join(PROJECT_ROOT, path)).isDirectory())
    const holding = new Set(files.flatMap((path) => path.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))).filter((folder) => folder !== "node_modules"))
    expect(own.filter((path) => statSync(join(PROJECT_ROOT, path)).isDirectory()).sort()).toEqual([...holding].sort())
    expect(own.length).toBeLessThan(manifest.present.length / 2)
    // main.js (the hook's entry) compares the sources of its own chunks; cli.js's before it imports cli.js.
    const hook = manifest.parts?.[DIST_ENTRY] ?? []
    expect(hook).toEqual(expect.arrayContaining(["src/main.ts", "src/cli/hook-command.ts", "src/fresh-entry.ts", "package.json"]))
    expect(hook).not.toContain("src/cli/list-commands.ts")
    expect(hook).not.toContain("src/cli-main.ts")
    // What the hook compares when cli.js (or the executable) runs it: those, cli-main.ts and what
    // it imports before it answers the hook (every static import, not the TUI's launch).
    const hookPart = manifest.parts?.[HOOK_PART] ?? []
    expect(hookPart).toEqual(expect.arrayContaining(["src/cli-main.ts", "src/cli/hook-command.ts", "src/os/session-log.ts", "src/store/bun-files.ts", "src/store/launch-trace.ts", "package.json"]))
    expect(hookPart).not.toContain("src/cli/list-commands.ts")
    expect(hookPart).not.toContain("src/cli/tui-launch.ts")
    // The hook reads them from a manifest of their own, of the same build.
    const hookManifest = JSON.parse(readFileSync(join(out, DIST_HOOK_MANIFEST), "utf8")) as DistManifest & { build: string }
    expect(hookManifest).toMatchObject({ build: (manifest as DistManifest & { build: string }).build, checkout: manifest.checkout, absent: manifest.absent, present: [], parts: { [HOOK_PART]: hookPart } })
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

  it("takes a manifest of another build than the bundle's own as stale (a build that landed while it started)", () => {
    const { root, out } = fakeCheckout()
    try {
      const manifest = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8")) as DistManifest
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify({ ...manifest, build: "one" }))
      expect(bundleFreshness(out, undefined, undefined, "one")).toBe("all")
      expect(bundleFreshness(out, undefined, undefined, "two")).toBe(false)
      expect(bundleFreshness(out)).toBe("all")
      expect(manifestBuild(out)).toBe("one")
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  // Bun maps a file for reading and writing: a bundle its user cannot write (`sudo npm install -g`)
  // cannot be mapped. An empty file cannot be mapped either (a mapping has a length), on every
  // system, and reads as any other: the tests run as a user who can write their files.
  it("reads a manifest that cannot be mapped through Bun's file API", async () => {
    const out = mkdtempSync(join(tmpdir(), "tsk-unmapped-"))
    try {
      writeFileSync(join(out, DIST_MANIFEST), "")
      expect(() => BUN_FILES.text(join(out, DIST_MANIFEST))).toThrow()
      expect(await bunManifestText(out)).toBe("")
      expect(await bunManifestText(join(out, "absent"))).toBeUndefined()
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  // node:fs for the build and ensure-deps (Node), Bun's file API for a bundle's start.
  it.each([["node:fs", undefined], ["Bun's file API", BUN_FILES]] as const)("finds an edit at any depth, in place or by a new, removed or renamed file, and a new optional source (%s)", (_, files) => {
    const { root, out, stamp } = fakeCheckout()
    const bundleIsFresh = (out: string, part?: string) => bundleFreshness(out, part, files) !== false
    try {
      // What BUN_FILES takes for "no file" (a Bun that answers otherwise fails here, not in use).
      expect(Bun.file(join(root, "absent")).lastModified).toBe(BUN_NO_FILE_TIME)
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
      // Built on another system: the build wrote in some of its values (path.sep).
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify({ ...manifest, platform: "plan9-mips" }))
      expect(bundleIsFresh(out)).toBe(false)
      stamp()
      // A part (cli.js) compares only the files listed for it; the whole check every source.
      const listed = JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8")) as DistManifest
      const part = { ...listed, parts: { "cli.js": ["package.json", "src", "src/main.ts"] } }
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify(part))
      expect(bundleFreshness(out, "cli.js", files)).toBe("own")
      expect(bundleFreshness(out, undefined, files)).toBe("all")
      writeFileSync(join(root, "src/a/b/c/d/e/deep.ts"), "export const elsewhere = 1\n")
      expect(bundleIsFresh(out, "cli.js")).toBe(true)
      expect(bundleIsFresh(out)).toBe(false)
      writeFileSync(join(root, "src/main.ts"), "export {}\n")
      expect(bundleIsFresh(out, "cli.js")).toBe(false)
      stamp()
      writeFileSync(join(out, DIST_MANIFEST), JSON.stringify({ ...JSON.parse(readFileSync(join(out, DIST_MANIFEST), "utf8")), parts: part.parts }))
      expect(bundleIsFresh(out, "cli.js")).toBe(true)
      // A file of the part put back with an older time (a backup moved back, tar, rsync): its
      // own time says nothing, its folder's does.
      const older = new Date(Date.now() - 7_200_000)
      writeFileSync(join(root, "src", "main.ts.bak"), "export const restored = 1\n")
      utimesSync(join(root, "src", "main.ts.bak"), older, older)
      const stampTime = statSync(join(out, ".built")).mtime
      utimesSync(join(root, "src"), stampTime, stampTime)
      expect(bundleIsFresh(out, "cli.js")).toBe(true)
      renameSync(join(root, "src", "main.ts.bak"), join(root, "src", "main.ts"))
      expect(bundleIsFresh(out, "cli.js")).toBe(false)
      // A part the manifest lists nothing for compares every source.
      expect(bundleIsFresh(out, "main.js")).toBe(false)
      stamp()
      expect(bundleIsFresh(out, "cli.js")).toBe(true)
      // A checkout moved elsewhere: the bundle holds the old paths its modules find through import.meta.
      renameSync(root, `${root}-moved`)
      expect(bundleIsFresh(join(`${root}-moved`, "dist"))).toBe(false)
    } finally {
      rmSync(root, { recursive: true, force: true })
      rmSync(`${root}-moved`, { recursive: true, force: true })
    }
  })

  it("the launcher runs one program for everything (the executable, else cli.js), and builds a bundle that has no list of its sources or no cli.js", () => {
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
      const { NODE_ENV: _unset, ...shell } = process.env
      const run = (...args: string[]) => spawnSync(join(root, "bin", "tsk"), args, { cwd: tmpdir(), env: shell, encoding: "utf8", timeout: 60_000 }).stdout.trim()
      // A bundle from before the check moved into it (no dist/.sources) is built again first.
      writeFileSync(join(root, "dist", "main.js"), 'console.log("bundle")\n')
      expect(run()).toBe("rebuilt cli.js")
      // The TUI, the commands and the hook run cli.js as it is.
      writeFileSync(join(root, "dist", "cli.js"), 'console.log("cli bundle")\n')
      writeFileSync(join(root, "dist", "main.js"), 'console.log("main bundle")\n')
      expect(run()).toBe("cli bundle")
      expect(run("list", "--json")).toBe("cli bundle")
      expect(run("hook")).toBe("cli bundle")
      // The executable, where the build made one, in place of cli.js for everything, with
      // NODE_ENV=production (see rerunWithNodeEnv). It acts as Bun when BUN_BE_BUN is
      // set, which the launcher clears for it.
      writeFileSync(join(root, "dist", DIST_EXECUTABLE), '#!/bin/sh\necho "executable $*${BUN_BE_BUN:+ as Bun}${TSK_BUN:+ with $TSK_BUN} ($NODE_ENV)"\n')
      chmodSync(join(root, "dist", DIST_EXECUTABLE), 0o755)
      // Only while the launcher's Bun is the one the executable was built with (another system's
      // or version's runs cli.js, whose check rebuilds).
      writeFileSync(join(root, "dist", DIST_EXECUTABLE_BUN), "another Bun")
      expect(run("list", "--json")).toBe("cli bundle")
      rmSync(join(root, "dist", DIST_EXECUTABLE_BUN))
      symlinkSync(realpathSync(BUN), join(root, "dist", DIST_EXECUTABLE_BUN))
      const bunPath = `${join(root, "bin")}/../node_modules/bun/bin/bun.exe`
      expect(run("list", "--json")).toBe(`executable list --json with ${bunPath} (production)`)
      expect(run()).toBe(`executable  with ${bunPath} (production)`)
      expect(run("demo")).toBe(`executable demo with ${bunPath} (production)`)
      expect(run("hook")).toBe(`executable hook with ${bunPath} (production)`)
      expect(spawnSync(join(root, "bin", "tsk"), ["list"], { cwd: tmpdir(), env: { ...process.env, BUN_BE_BUN: "1", NODE_ENV: "development" }, encoding: "utf8" }).stdout.trim()).toMatch(/^executable list with .* \(production\)$/)
      // A bundle from before cli.js existed (main.js alone) is built again first, and so is one
      // whose executable lost its cli.js.
      rmSync(join(root, "dist", "cli.js"))
      expect(run("list")).toBe("rebuilt cli.js")
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("the launcher keeps the .env and the bunfig.toml of the folder it runs in out of tsk (a Bun project's)", () => {
    const root = mkdtempSync(join(tmpdir(), "tsk-project-"))
    try {
      const home = join(root, "home")
      const marker = join(root, "preloaded")
      // A project of its own: its variables would send tsk to another home, its preload would run inside tsk.
      writeFileSync(join(root, ".env"), `TSK_HOME=${join(root, "from-dotenv")}\nNO_COLOR=\n`)
      writeFileSync(join(root, "bunfig.toml"), 'preload = ["./preload.js"]\n')
      writeFileSync(join(root, "preload.js"), `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); console.log("from the preload")\n`)
      const run = (...args: string[]) => spawnSync(join(PROJECT_ROOT, "bin", "tsk"), args, { cwd: root, env: { ...process.env, TSK_HOME: home }, encoding: "utf8", timeout: 60_000 })
      const added = run("add", "in the right home", "--json")
      expect(added.status, added.stderr).toBe(0)
      expect(JSON.parse(added.stdout).title).toBe("in the right home")
      const listed = run("list", "--json")
      expect(JSON.parse(listed.stdout).map((task: { title: string }) => task.title)).toEqual(["in the right home"])
      expect(existsSync(join(home, "tasks.json"))).toBe(true)
      expect(existsSync(join(root, "from-dotenv"))).toBe(false)
      expect(existsSync(marker)).toBe(false)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("the launcher finds a Bun hoisted above a package that a link installs (npm link of a workspace's package)", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "tsk-hoisted-")))
    try {
      const pkg = join(root, "mono", "packages", "tsk")
      for (const dir of [join(root, "mono", "node_modules", "bun", "bin"), join(pkg, "bin"), join(pkg, "dist"), join(root, "prefix", "lib", "node_modules"), join(root, "prefix", "bin")]) mkdirSync(dir, { recursive: true })
      symlinkSync(realpathSync(BUN), join(root, "mono", "node_modules", "bun", "bin", "bun.exe"))
      copyFileSync(join(PROJECT_ROOT, "bin", "tsk"), join(pkg, "bin", "tsk"))
      chmodSync(join(pkg, "bin", "tsk"), 0o755)
      writeFileSync(join(pkg, "dist", "cli.js"), 'console.log("ran " + require.main.filename)\n')
      writeFileSync(join(pkg, "dist", ".sources"), "{}")
      symlinkSync(pkg, join(root, "prefix", "lib", "node_modules", "tsk"))
      symlinkSync("../lib/node_modules/tsk/bin/tsk", join(root, "prefix", "bin", "tsk"))
      // No Bun on PATH: only the hoisted one, above the package's real folder, not above the link's.
      const env = { ...process.env, PATH: "/usr/bin:/bin" }
      for (const [command, cwd] of [[join(root, "prefix", "bin", "tsk"), tmpdir()], ["./tsk", join(root, "prefix", "bin")]] as const) {
        const result = spawnSync(command, ["list"], { cwd, env, encoding: "utf8", timeout: 60_000 })
        expect(result.stdout.trim(), result.stderr).toBe(`ran ${join(pkg, "dist", "cli.js")}`)
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("a real bundle rebuilds itself after an edit and runs the new code in the same process", () => {
    // A copy of the checkout with nothing built: the launcher builds it, then edits are picked up.
    const root = mkdtempSync(join(tmpdir(), "tsk-selfcheck-"))
    // A home of its own: a journal left in the shared one by another test would start the background
    // compactor from this copy, which then rebuilds dist/ itself, silently, before the starts below.
    const ownHome = mkdtempSync(join(tmpdir(), "tsk-selfcheck-home-"))
    try {
      for (const entry of ["bin", "src", "components", "package.json", "tsconfig.json"]) cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true })
      symlinkSync(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"))
      const run = (args: string[]) => spawnSync(join(root, "bin", "tsk"), args, { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, env: { ...process.env, TSK_HOME: ownHome } })
      expect(run(["--version"]).stdout.trim()).toMatch(/^tsk \d+\.\d+\.\d+/)
      expect(existsSync(join(root, "dist", DIST_MANIFEST))).toBe(true)
      const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
      writeFileSync(join(root, "package.json"), JSON.stringify({ ...pkg, version: "9.8.7" }, null, 2))
      // Three starts at once on the stale bundle: one rebuilds (and says so), the others wait for it.
      // They start in a Bun project: the Bun that rebuilds runs its preload no more than tsk does.
      const project = join(root, "project")
      mkdirSync(project)
      writeFileSync(join(project, "bunfig.toml"), 'preload = ["./preload.js"]\n')
      writeFileSync(join(project, "preload.js"), `require("node:fs").writeFileSync(${JSON.stringify(join(project, "preloaded"))}, "ran")\n`)
      const together = spawnSync("sh", ["-c", `for i in 1 2 3; do "${join(root, "bin", "tsk")}" --version & done; wait`], { cwd: project, encoding: "utf8", timeout: 120_000, env: { ...process.env, TSK_HOME: ownHome } })
      expect(together.stdout.trim().split("\n")).toEqual(["tsk 9.8.7", "tsk 9.8.7", "tsk 9.8.7"])
      expect(together.stderr.match(/rebuilding it/g)).toHaveLength(1)
      expect(existsSync(join(project, "preloaded"))).toBe(false)
      // A deep edit in place: the rebuilt code answers, from this very process (its pid says).
      const deep = join(root, "src", "store", "paths.ts")
      writeFileSync(deep, `${readFileSync(deep, "utf8")}\nprocess.stderr.write(\`edited \${process.pid} \${process.ppid}\\n\`)\n`)
      const edited = spawnSync("sh", ["-c", `"${join(root, "bin", "tsk")}" --version & echo "launched $!"; wait`], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, env: { ...process.env, TSK_HOME: ownHome } })
      const launched = /launched (\d+)/.exec(edited.stdout)?.[1]
      expect(edited.stderr).toContain(`edited ${launched} `)
      expect(edited.stdout).toContain("tsk 9.8.7")
      // An edit of a source only more.js holds: cli.js starts without a rebuild (it compares its
      // own sources), and rebuilds before it loads more.js for a command of it, which runs the edit.
      const elsewhere = join(root, "src", "cli", "prime-command.ts")
      writeFileSync(elsewhere, `${readFileSync(elsewhere, "utf8")}\nprocess.stderr.write("prime edited\\n")\n`)
      const core = run(["--version"])
      expect(core.stderr).not.toContain("rebuilding")
      const primed = run(["prime"])
      expect(primed.status, primed.stderr).toBe(0)
      expect(primed.stderr.match(/rebuilding it/g)).toHaveLength(1)
      expect(primed.stderr).toContain("prime edited")
      expect(run(["prime"]).stderr).not.toContain("rebuilding")
      // An edit of a source only tui.js holds: a command of more.js compares more.js's sources
      // and runs without a rebuild; the TUI's (tui.js's) finds it.
      const header = join(root, "components", "header.tsx")
      writeFileSync(header, `${readFileSync(header, "utf8")}\n`)
      const primedAgain = run(["prime"])
      expect(primedAgain.status, primedAgain.stderr).toBe(0)
      expect(primedAgain.stderr).not.toContain("rebuilding")
      expect(bundleFreshness(join(root, "dist"), DIST_MORE)).toBe("own")
      expect(bundleFreshness(join(root, "dist"), DIST_TUI)).toBe(false)
      // An edit of a source only change.js holds: cli.js's own check at start covers it, so
      // change.js is never loaded stale.
      const timer = join(root, "src", "cli", "timer-commands.ts")
      writeFileSync(timer, `${readFileSync(timer, "utf8")}\nprocess.stderr.write("timer edited\\n")\n`)
      expect(run(["--version"]).stderr.match(/rebuilding it/g)).toHaveLength(1)
      const timed = run(["timer", "status"])
      expect(timed.status, timed.stderr).toBe(0)
      expect(timed.stderr).toContain("timer edited")
      expect(timed.stderr).not.toContain("rebuilding")
      // The hook runs the same program as every command but compares only its own sources and
      // cli-main.ts: an edit of a listing's source leaves it answering as built, an edit of one of
      // its own is rebuilt before it answers. dist/main.js, the ES-module entry, then runs without a rebuild.
      const hook = () => spawnSync(join(root, "bin", "tsk"), ["hook"], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, input: "{}", env: { ...process.env, TSK_HOME: ownHome } })
      const listing = join(root, "src", "cli", "list-commands.ts")
      writeFileSync(listing, `${readFileSync(listing, "utf8")}\nprocess.stderr.write("listing edited\\n")\n`)
      const hookedAside = hook()
      expect(hookedAside.status, hookedAside.stderr).toBe(0)
      expect(hookedAside.stderr).not.toContain("rebuilding")
      const sessions = join(root, "src", "os", "sessions.ts")
      writeFileSync(sessions, `${readFileSync(sessions, "utf8")}\nprocess.stderr.write("sessions edited\\n")\n`)
      const hooked = hook()
      expect(hooked.status, hooked.stderr).toBe(0)
      expect(hooked.stderr.match(/rebuilding it/g)).toHaveLength(1)
      expect(hooked.stderr).toContain("sessions edited")
      const viaMain = spawnSync(BUN, [join(root, "dist", DIST_ENTRY), "--version"], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000, env: { ...process.env, TSK_HOME: ownHome } })
      expect(viaMain.stderr).not.toContain("rebuilding")
      expect(viaMain.stderr).toContain("listing edited")
      expect(viaMain.stdout).toContain("tsk 9.8.7")
    } finally {
      rmSync(root, { recursive: true, force: true })
      rmSync(ownHome, { recursive: true, force: true })
    }
  })
})

describe("OpenTUI compiled into CommonJS", () => {
  // A package laid out as OpenTUI's, its chunk awaiting as 0.5.8's does or as another version might.
  async function build(chunk: string) {
    const root = mkdtempSync(join(tmpdir(), "tsk-otui-"))
    try {
      mkdirSync(join(root, "node_modules", "@opentui", "core"), { recursive: true })
      writeFileSync(join(root, "node_modules", "@opentui", "core", "package.json"), JSON.stringify({ name: "@opentui/core", type: "module", exports: { ".": "./index.js" } }))
      writeFileSync(join(root, "node_modules", "@opentui", "core", "index.js"), 'export { backend2 } from "./chunk-bun-abc123.js"\n')
      writeFileSync(join(root, "node_modules", "@opentui", "core", "chunk-bun-abc123.js"), chunk)
      writeFileSync(join(root, "entry.ts"), 'import { backend2 } from "@opentui/core"\nconsole.log(typeof backend2.ptr)\n')
      const rewrites = openTuiRewrites.filter((rewrite) => rewrite.from.includes("backend2"))
      const built = await Bun.build({ entrypoints: [join(root, "entry.ts")], outdir: join(root, "out"), target: "bun", format: "cjs", plugins: [openTuiWithoutTopLevelAwait(rewrites)] })
      const result = spawnSync(BUN, [join(root, "out", "entry.js")], { encoding: "utf8", timeout: 60_000 })
      return { success: built.success, stdout: result.stdout }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }
  const backend = "function createBunBackend2(bun2) {\n  return { ptr: bun2.ptr };\n}\n"

  it("rewrites the top-level await it knows to a synchronous statement", async () => {
    const built = await build(`${backend}async function loadBackend2() {\n  return createBunBackend2(await import("bun:ffi"));\n}\nvar backend2 = await loadBackend2();\nexport { backend2 };\n`)
    expect(built).toEqual({ success: true, stdout: "function\n" })
  })

  it("fails the build, loudly, when OpenTUI awaits otherwise or no longer as it knows (another version)", async () => {
    const awaitsOtherwise = `${backend}async function loadBackend3() {\n  return createBunBackend2(await import("bun:ffi"));\n}\nvar backend2 = await loadBackend3();\nexport { backend2 };\n`
    const error = await build(awaitsOtherwise).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(AggregateError)
    expect(String((error as AggregateError).errors[0])).toContain('"await" can only be used inside an "async" function')
    const awaitsNoMore = `${backend}var backend2 = createBunBackend2(await import("bun:ffi"));\nexport { backend2 };\n`
    await expect(build(awaitsNoMore.replace("await import", "require"))).rejects.toThrow(/OpenTUI changed: not found, so not rewritten: "var backend2 = await loadBackend2\(\);"/)
  })
})
