// The contract between operations and the service that runs them. Operations do the C64 work and
// say what happened; the service owns every state file (registry, task.json, result.json, samples).
import type * as z from "zod"
import type { C64Backend } from "../backend.ts"
import type { SampleLine } from "../state/task-schema.ts"

export interface ForegroundContext {
  backend: C64Backend
  /** Write a file under the task folder (relative path such as `artifacts/sprites/x.png`). */
  writeArtifact(relative: string, content: string | Uint8Array): Promise<void>
  /** Create a folder under the task folder, so an empty result still has its folder. */
  makeDir(relative: string): Promise<void>
  log(message: string): Promise<void>
}

export interface ForegroundOutcome {
  summary: Record<string, unknown>
  artifacts?: Record<string, unknown>
}

export interface ForegroundOperation<S extends z.ZodType = z.ZodType> {
  type: "foreground"
  name: string
  summary: string
  args: S
  /**
   * True when it only reads the machine: cut off by a crash, it is run again when a runner starts.
   * False when it writes: running it again could repeat the write, so it is marked interrupted.
   */
  idempotent: boolean
  /** One line for people, e.g. `extract_ram $0400-$07FF → .bin`. */
  describe(args: z.infer<S>): string
  run(ctx: ForegroundContext, args: z.infer<S>): Promise<ForegroundOutcome>
}

/** What a resumed background task needs from its earlier life. */
export interface ResumeState {
  iterations: number
  firstSample: SampleLine | null
  lastSample: SampleLine | null
  previousSummary: Record<string, unknown> | null
}

export interface BackgroundStep {
  /** Appended to samples.jsonl before the iteration counts as done. */
  sample?: SampleLine
  /** result.json's `summary` after this iteration (the latest figures). */
  summary: Record<string, unknown>
  /** The task reached its goal (wait_for_text found its text). */
  done?: boolean
  log?: string
}

export interface BackgroundRun {
  step(iteration: number, nowMs: number): Promise<BackgroundStep>
  /** When the iteration budget runs out: null → completed, a message → error (a goal was missed). */
  onExhausted(iterations: number): string | null
}

export interface BackgroundOperation<S extends z.ZodType = z.ZodType> {
  type: "background"
  name: string
  summary: string
  args: S
  describe(args: z.infer<S>): string
  start(backend: C64Backend, args: z.infer<S>, resume: ResumeState): BackgroundRun
}

export type C64Operation = ForegroundOperation | BackgroundOperation

/** Keeps each operation's argument type tied to its schema at the definition site. */
export function defineForeground<S extends z.ZodType>(op: ForegroundOperation<S>): ForegroundOperation {
  return op as unknown as ForegroundOperation
}

export function defineBackground<S extends z.ZodType>(op: BackgroundOperation<S>): BackgroundOperation {
  return op as unknown as BackgroundOperation
}
