// What running a task needs: where its files go, the registry, the backend, a clock, the event
// hub and who we are. Shared by foreground and background runs.
import type { C64Backend } from "./backend.ts"
import type { C64EventHub } from "./c64-events.ts"
import type { TaskRegistry } from "./state/task-registry.ts"
import type { RegistryEntry, ResultFile } from "./state/task-schema.ts"
import type { TaskOwner } from "./task-owner.ts"
import { appendLog, writeResultJson } from "./state/task-files.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"

export interface TaskRuntime {
  home: string
  registry: TaskRegistry
  backend: C64Backend
  /** Epoch ms for timestamps. */
  now(): number
  events: C64EventHub
  owner: TaskOwner
}

export async function logTask(rt: TaskRuntime, entry: RegistryEntry, message: string): Promise<void> {
  await appendLog(rt.home, entry, message, rt.now())
}

/** Durable unless it is a running task's iteration (the samples hold what it summarises). */
export async function writeResult(rt: TaskRuntime, entry: RegistryEntry, result: ResultFile, durable = true): Promise<void> {
  await writeResultJson(rt.home, entry, result, durable)
}

/** Recorded as `lastError` and shown to agents, so stripped of stack traces and absolute paths. */
export const errorMessage = (error: unknown) => sanitizeErrorMessage(error)
