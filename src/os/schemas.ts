// The agent operating state's file formats (specs/agent-operating-state.md), as zod schemas. Every
// versioned file carries `v`, the version the optimistic lock compares.
import { isAbsolute } from "node:path"
import * as z from "zod"

export const PHASES = ["A", "B", "C", "V", "I"] as const
export const Phase = z.enum(PHASES)
export type Phase = z.infer<typeof Phase>

export const PHASE_NAMES: Record<Phase, string> = {
  A: "ANALYZE",
  B: "BLUEPRINT",
  C: "CONSTRUCT",
  V: "VALIDATE",
  I: "IDLE",
}

export const OsState = z.enum(["READY", "BUSY", "BLK_CON", "BLK_SUM", "BLK_PSUM", "BLK_MAX", "ERROR"])
export type OsState = z.infer<typeof OsState>

/** The states that keep until `clear`, and refuse every command that would advance work. */
export const BLOCKED_STATES: ReadonlySet<OsState> = new Set(["BLK_CON", "BLK_SUM", "BLK_PSUM", "BLK_MAX", "ERROR"])
export type BlockState = "BLK_CON" | "BLK_SUM" | "BLK_PSUM"

/** Ids end up in file names and annotation tags: letters, digits, `_ . -`, no leading dot. */
export const OsId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "must be 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit")
  .refine((id) => !id.includes(".."), "must not contain '..'")

const Version = z.number().int().min(0)
const Count = z.number().int().min(0)

export const ActiveIssueCache = z.object({ art: z.string().nullable(), msg: z.string() })

export const StateFile = z.object({
  v: Version,
  g: Count,
  ln: Count,
  max: z.number().int().min(1),
  ph: Phase,
  st: OsState,
  cp: z.string().nullable(),
  ct: z.string().nullable(),
  rt: z.record(z.string(), Count),
  iss: z.record(z.string(), ActiveIssueCache),
  err: z.string().nullable(),
})
export type StateFile = z.infer<typeof StateFile>

export const LogLevel = z.enum(["I", "W", "E", "D"])
export type LogLevel = z.infer<typeof LogLevel>

export const LogLine = z.object({
  id: Count,
  L: LogLevel,
  ph: Phase,
  plan: z.string().nullable(),
  task: z.string().nullable(),
  msg: z.string(),
})
export type LogLine = z.infer<typeof LogLine>

export const PlanTaskState = z.enum(["pending", "active", "review", "done", "failed"])
export type PlanTaskState = z.infer<typeof PlanTaskState>

export const PlanTask = z.object({
  id: OsId,
  title: z.string(),
  desc: z.string().nullable(),
  st: PlanTaskState,
  rt: Count,
  art: z.string().nullable(),
  err: z.string().nullable(),
})
export type PlanTask = z.infer<typeof PlanTask>

export const PlanFile = z.object({
  v: Version,
  id: OsId,
  dom: OsId,
  goal: z.string(),
  /** Retries allowed per task; fixed when the plan is written so every process agrees. */
  max: z.number().int().min(0),
  tasks: z.array(PlanTask),
})
export type PlanFile = z.infer<typeof PlanFile>

export const ArtifactFile = z.object({
  v: Version,
  id: OsId,
  dom: OsId,
  loc: z.string(),
  type: z.string(),
  pu: z.string().nullable(),
  if: z.array(z.string()),
  dep: z.array(z.string()),
  /** Linked known-issue ids. */
  ki: z.array(z.string()),
  /** Whether VALIDATE enforces the annotation rules (code, config and doc artifacts). */
  ann: z.boolean(),
  plan: z.string().nullable(),
  task: z.string().nullable(),
  /** The project folder `loc` is relative to (absent in records written before projects existed). */
  root: z.string().nullable().optional(),
})
export type ArtifactFile = z.infer<typeof ArtifactFile>

export const SummaryItem = z.object({ path: z.string(), v: Version })
export const SummaryFile = z.object({ v: Version, items: z.record(z.string(), SummaryItem) })
export type SummaryFile = z.infer<typeof SummaryFile>

export const IssueStatus = z.enum(["ACTIVE", "RES"])
export const IssueEntry = z.object({
  id: OsId,
  status: IssueStatus,
  art: z.string().nullable(),
  msg: z.string(),
  at: z.string(),
  resAt: z.string().nullable(),
})
export type IssueEntry = z.infer<typeof IssueEntry>

export const LedgerFile = z.object({ v: Version, issues: z.array(IssueEntry) })
export type LedgerFile = z.infer<typeof LedgerFile>

const NonEmpty = z.string().trim().min(1, "must not be empty")

/** What a completed task returns; it registers an artifact. */
export const TaskOutput = z.strictObject({
  id: OsId,
  dom: OsId,
  loc: NonEmpty.max(1000),
  type: NonEmpty.max(40),
  pu: z.string().max(500).optional(),
  if: z.array(z.string().max(200)).max(100).optional(),
  dep: z.array(OsId).max(100).optional(),
})
export type TaskOutput = z.infer<typeof TaskOutput>

export const PlanTaskInput = z.strictObject({
  id: OsId.optional(),
  title: NonEmpty.max(200),
  desc: z.string().max(2000).optional(),
})

export const AnalyzeInput = z.strictObject({ goal: NonEmpty.max(2000) })
export const PlanInput = z.strictObject({
  id: OsId.optional(),
  dom: OsId,
  goal: NonEmpty.max(2000),
  tasks: z.array(PlanTaskInput).min(1, "a plan needs at least one task").max(500),
})
export type PlanInput = z.input<typeof PlanInput>
/** `cwd`: the folder the command came from (the agent's working folder), where a relative `loc` starts. */
export const CompleteInput = z.strictObject({
  taskId: OsId,
  output: TaskOutput,
  cwd: z.string().min(1).max(4096).refine(isAbsolute, "must be an absolute folder").optional(),
})
export type CompleteInput = z.input<typeof CompleteInput>
export const FailInput = z.strictObject({ taskId: OsId, error: NonEmpty.max(2000) })
export const IssueInput = z.strictObject({
  issueId: OsId.optional(),
  artifactId: OsId.optional(),
  message: NonEmpty.max(1000),
})
export type IssueInput = z.input<typeof IssueInput>
export const ResolveInput = z.strictObject({ issueId: OsId })
export const LogInput = z.strictObject({ limit: z.number().int().min(1).max(1000).optional() })
export const CheckInput = z.strictObject({ repair: z.boolean().optional() })
export const EmptyInput = z.strictObject({})
