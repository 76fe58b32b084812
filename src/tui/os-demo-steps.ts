// The demo agent's walk through the operating state, through the bridge inbox like a real agent:
// ANALYZE → BLUEPRINT (a plan of three tasks) → for each task CONSTRUCT (os-next, write the
// artifact file, os-complete) and VALIDATE. The first artifact lacks its annotations, so VALIDATE
// rejects it (retry 1/3) and the agent fixes the file and completes it again; the plan ends in
// IDLE. A Claude Code session reports through the hook as it would (working, needs input, idle).
import { mkdir, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { resolveOsSettings } from "../os/os-settings.ts"
import { recordHookEvent, type HookEvent } from "../os/sessions.ts"
import type { DemoContext, DemoStep } from "./demo-script.ts"

export const DEMO_PLAN_ID = "csv-export"
export const DEMO_SESSION_ID = "7f3c2a91-5d4e-4b8a-9c61-0e2f4a6b8d10"
const GOAL = "Export tasks as CSV"
/** The project the demo agent works in, inside the demo home. */
export const demoWorkspace = (home: string) => join(home, "tsk-csv")

const WRITER_UNANNOTATED = `export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(quote).join(",")).join("\\n")
}

const quote = (cell: string) => (/[",\\n]/.test(cell) ? \`"\${cell.replaceAll('"', '""')}"\` : cell)
`

const WRITER_ANNOTATED = `// Purpose: turns task rows into RFC 4180 CSV text for \`tsk export --csv\`.
// Depends on: []
${WRITER_UNANNOTATED}`

const COMMAND = `// Purpose: the \`tsk export --csv\` command: reads the tasks and prints them as CSV.
// Depends on: [csv-writer]
import { toCsv } from "./csv-writer.ts"

export const exportCommand = (rows: string[][]) => toCsv(rows)
`

const DOCS = `<!-- Purpose: how to export tasks as CSV. -->
<!-- Depends on: [csv-writer, export-command] -->
# Exporting tasks

\`tsk export --csv > tasks.csv\` writes every task as one CSV row.
`

interface DemoArtifact {
  taskId: string
  id: string
  file: string
  type: "code" | "doc"
  dep: string[]
}

const ARTIFACTS = {
  writer: { taskId: "writer", id: "csv-writer", file: "src/csv-writer.ts", type: "code", dep: [] },
  command: { taskId: "command", id: "export-command", file: "src/export-command.ts", type: "code", dep: ["csv-writer"] },
  docs: { taskId: "docs", id: "export-docs", file: "docs/export.md", type: "doc", dep: ["csv-writer", "export-command"] },
} as const satisfies Record<string, DemoArtifact>

async function writeArtifact(ctx: DemoContext, artifact: DemoArtifact, content: string): Promise<void> {
  const path = join(demoWorkspace(ctx.home), artifact.file)
  await mkdir(dirname(path), { recursive: true })
  // A project, as an agent's is: artifacts are placed only inside a folder that holds a .git.
  await mkdir(join(demoWorkspace(ctx.home), ".git"), { recursive: true })
  await writeFile(path, content)
}

/** Write the artifact's file, then report the task complete with it as its output (a path inside the agent's project, sent with its folder). */
async function completeWith(ctx: DemoContext, artifact: DemoArtifact, content: string): Promise<void> {
  await writeArtifact(ctx, artifact, content)
  const output = { id: artifact.id, dom: "export", loc: artifact.file, type: artifact.type, dep: artifact.dep }
  await ctx.send("os-complete", { taskId: artifact.taskId, output, cwd: demoWorkspace(ctx.home) })
}

/** What `tsk hook` records when Claude Code runs it with this event. */
function hook(ctx: DemoContext, event: Omit<HookEvent, "session_id" | "cwd">): void {
  recordHookEvent(resolveOsSettings(ctx.home).root, { session_id: DEMO_SESSION_ID, cwd: demoWorkspace(ctx.home), ...event })
}

/** The os walk starts after the first task step and runs every 3 s, between the other steps. */
const at = (n: number) => 2750 + n * 3000

export const OS_AGENT_STEPS: readonly DemoStep[] = [
  {
    atMs: at(0),
    what: "a Claude Code session starts and the agent analyses its goal (phase A)",
    run: async (ctx) => {
      hook(ctx, { hook_event_name: "SessionStart", source: "startup" })
      hook(ctx, { hook_event_name: "UserPromptSubmit", prompt: "Add a CSV export to tsk" })
      await ctx.send("os-analyze", { goal: GOAL })
    },
  },
  {
    atMs: at(1),
    what: "the agent writes a plan of three tasks (phase B)",
    run: (ctx) =>
      ctx.send("os-plan", {
        id: DEMO_PLAN_ID,
        dom: "export",
        goal: GOAL,
        tasks: [
          { id: "writer", title: "Write the CSV writer" },
          { id: "command", title: "Add the tsk export command" },
          { id: "docs", title: "Document the CSV export" },
        ],
      }),
  },
  { atMs: at(2), what: "the agent takes the first task (phase C)", run: (ctx) => ctx.send("os-next", {}) },
  {
    atMs: at(3),
    what: "the agent writes the CSV writer without its annotations and completes the task (phase V)",
    run: (ctx) => completeWith(ctx, ARTIFACTS.writer, WRITER_UNANNOTATED),
  },
  { atMs: at(4), what: "validation rejects the artifact: no purpose, no Depends on (retry 1/3, back to C)", run: (ctx) => ctx.send("os-validate", {}) },
  {
    atMs: at(5),
    what: "the session asks for permission to edit the file (needs input)",
    run: async (ctx) => hook(ctx, { hook_event_name: "Notification", notification_type: "permission_prompt", message: "Claude needs your permission to use Edit" }),
  },
  {
    atMs: at(6),
    what: "permission granted: the agent adds the annotations and completes the task again",
    run: async (ctx) => {
      hook(ctx, { hook_event_name: "PreToolUse", tool_name: "Edit" })
      await completeWith(ctx, ARTIFACTS.writer, WRITER_ANNOTATED)
    },
  },
  { atMs: at(7), what: "validation passes (back to C for the next task)", run: (ctx) => ctx.send("os-validate", {}) },
  { atMs: at(8), what: "the agent takes the second task", run: (ctx) => ctx.send("os-next", {}) },
  { atMs: at(9), what: "the agent writes the export command and completes the task", run: (ctx) => completeWith(ctx, ARTIFACTS.command, COMMAND) },
  { atMs: at(10), what: "validation passes", run: (ctx) => ctx.send("os-validate", {}) },
  { atMs: at(11), what: "the agent takes the last task", run: (ctx) => ctx.send("os-next", {}) },
  { atMs: at(12), what: "the agent writes the docs and completes the task", run: (ctx) => completeWith(ctx, ARTIFACTS.docs, DOCS) },
  { atMs: at(13), what: "validation passes: the plan is done (phase I)", run: (ctx) => ctx.send("os-validate", {}) },
  { atMs: at(14), what: "the session finishes its turn (idle)", run: async (ctx) => hook(ctx, { hook_event_name: "Stop" }) },
]
