// Every operation by type and name, and argument validation that answers with one clear message.
import { invalid } from "../../domain/errors.ts"
import { describeZodIssues } from "../../store/durable-file.ts"
import type { C64TaskType } from "../state/task-schema.ts"
import type { BackgroundOperation, ForegroundOperation } from "./operation-types.ts"
import { extractSprites } from "./extract-sprites.ts"
import { extractRam } from "./extract-ram.ts"
import { readOnce, writeOnce } from "./memory-operations.ts"
import { readScreenOnce } from "./screen-operations.ts"
import { captureRegression, sampleRead, sampleScreen } from "./background-sampling.ts"
import { repeatWrite, waitForText } from "./background-actions.ts"
import { toStoredArgs } from "./stored-args.ts"

export const FOREGROUND_OPERATIONS: readonly ForegroundOperation[] = [extractSprites, extractRam, readOnce, writeOnce, readScreenOnce]
export const BACKGROUND_OPERATIONS: readonly BackgroundOperation[] = [sampleRead, sampleScreen, waitForText, captureRegression, repeatWrite]

/** Names other c64bridge tools give the same operations, so their tasks can be run and resumed. */
const ALIASES: Record<string, string> = { read_memory: "read", write_memory: "write", wait_for_screen_text: "wait_for_text" }

export function foregroundOperation(name: string): ForegroundOperation {
  const op = FOREGROUND_OPERATIONS.find((o) => o.name === (ALIASES[name] ?? name))
  if (!op) throw unknownOperation("foreground", name)
  return op
}

export function backgroundOperation(name: string): BackgroundOperation {
  const op = BACKGROUND_OPERATIONS.find((o) => o.name === (ALIASES[name] ?? name))
  if (!op) throw unknownOperation("background", name)
  return op
}

/** Whether a foreground operation cut off by a crash may run again (only reads may); unknown ones may not. */
export function isIdempotentForeground(name: string): boolean {
  return FOREGROUND_OPERATIONS.find((o) => o.name === (ALIASES[name] ?? name))?.idempotent ?? false
}

function unknownOperation(type: C64TaskType, name: string) {
  const known = (type === "foreground" ? FOREGROUND_OPERATIONS : BACKGROUND_OPERATIONS).map((o) => o.name)
  return invalid(`unknown ${type} operation '${name}'; use one of: ${known.join(", ")}`, { known })
}

export interface ParsedArgs {
  /** What the operation runs with (addresses as numbers, bytes as Uint8Array). */
  parsed: unknown
  /** What the registry keeps (`"$0400"`, hex text). */
  stored: Record<string, unknown>
}

export function parseOperationArgs(op: ForegroundOperation | BackgroundOperation, raw: unknown): ParsedArgs {
  const result = op.args.safeParse(raw ?? {})
  if (!result.success) {
    throw invalid(`invalid arguments for ${op.name}: ${describeZodIssues(result.error)}`)
  }
  return { parsed: result.data, stored: toStoredArgs(result.data as Record<string, unknown>) }
}
