// Shared set-up for the agent operating state tests: a temporary root and workspace, an engine on
// them, walking the engine to a phase, annotated sample files, and snapshots of the whole folder.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { createOsEngine, type OsEngine, type OsEngineOptions } from "../../src/os/engine.ts"
import type { LogLine, StateFile } from "../../src/os/schemas.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

export interface OsFixture {
  home: string
  root: string
  workspace: string
  engine: OsEngine
  cleanup: () => void
  /** Another engine on the same root (another process's view, within this test). */
  engineWith(options?: Partial<OsEngineOptions>): OsEngine
}

export function makeOsFixture(options: Partial<OsEngineOptions> = {}): OsFixture {
  const { home, cleanup } = makeTempHome("tsk-os-")
  const root = join(home, "os")
  const workspace = join(home, "workspace")
  // A project is a folder with a .git (or os.projectRoot): the workspace is one.
  mkdirSync(join(workspace, ".git"), { recursive: true })
  const engineWith = (more: Partial<OsEngineOptions> = {}) => createOsEngine({ root, cwd: workspace, ...options, ...more })
  return { home, root, workspace, engine: engineWith(), cleanup, engineWith }
}

export const TWO_TASKS = [
  { id: "lexer", title: "Write the lexer" },
  { id: "parser", title: "Write the parser" },
]

/** A code file that follows the annotation rules. */
export function annotatedCode(deps: string[] = [], issues: string[] = []): string {
  return [
    "// Purpose: turns source text into tokens.",
    `// Depends on: [${deps.join(", ")}]`,
    ...issues.map((id) => `// Issue: ${id}`),
    "export const tokens = []",
    "",
  ].join("\n")
}

export function writeWorkspaceFile(fixture: OsFixture, name: string, content: string): void {
  mkdirSync(join(fixture.workspace, name, ".."), { recursive: true })
  writeFileSync(join(fixture.workspace, name), content)
}

export const codeOutput = (id: string, dep: string[] = []) => ({ id, dom: "core", loc: `${id}.ts`, type: "code", dep })

/** analyze → plan (two tasks) → next: phase C with `lexer` in progress. */
export async function walkToConstruct(engine: OsEngine): Promise<void> {
  await engine.analyze({ goal: "Parse arithmetic" })
  await engine.plan({ dom: "core", goal: "A parser", tasks: TWO_TASKS })
  await engine.next()
}

/** … → complete `lexer` with a well-annotated file: phase V. */
export async function walkToValidate(fixture: OsFixture, content = annotatedCode()): Promise<void> {
  await walkToConstruct(fixture.engine)
  writeWorkspaceFile(fixture, "lexer.ts", content)
  await fixture.engine.complete({ taskId: "lexer", output: codeOutput("lexer") })
}

export function readJson<T = Record<string, unknown>>(fixture: OsFixture, rel: string): T {
  return JSON.parse(readFileSync(join(fixture.root, rel), "utf8")) as T
}

export const readState = (fixture: OsFixture) => readJson<StateFile>(fixture, "state.json")

export function readAllLogLines(fixture: OsFixture): LogLine[] {
  const dir = join(fixture.root, "logs")
  const units = readdirSync(dir)
    .filter((name) => /^log_unit_\d+\.jsonl$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
  return units.flatMap((name) =>
    readFileSync(join(dir, name), "utf8")
      .split("\n")
      .filter((line) => line.trim().length > 0)
      .map((line) => JSON.parse(line) as LogLine),
  )
}

/** Every file under the root with its content: compare two snapshots to prove nothing was written. */
export function snapshotRoot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        if (!name.endsWith(".lock")) walk(path)
      } else files[relative(root, path)] = readFileSync(path, "utf8")
    }
  }
  walk(root)
  return files
}
