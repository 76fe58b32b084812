// The bridge runner: holds the runner role, processes the inbox every poll interval (the
// guarantee) and as soon as the inbox changes (a watcher, for latency), hosts the services that
// run in the runner (C64 scheduler, os engine), and reports each answered command to listeners.
//
//   const runner = startBridgeRunner({ home, store, commands })   // null: another runner is live
//   const off = runner.onEvent((e) => toast(`Agent: ${e.summary}`))
//   await runner.stop()
import { readFileSync } from "node:fs"
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import { createBridgeRegistry, type BridgeRegistry } from "./command-registry.ts"
import { RoleLostError, createTaskRouter } from "./command-execution.ts"
import { processPending, type ProcessedEvent, type ProcessorContext } from "./claim-processor.ts"
import { bridgePaths } from "./inbox-claim.ts"
import type { RunnerService, RunnerServiceFactory } from "./runner-services.ts"
import { createTaskBridgeCommands } from "./task-commands.ts"
import { acquireRunnerRole, type RoleLossReason, type RunnerMode } from "../store/runner-role.ts"
import { loadProcessedMemory, type ProcessedMemory } from "../store/runner-processed-ids.ts"
import { readJournal } from "../store/runner-journal.ts"
import { removeUnjournaledTemps } from "../store/runner-task-commit.ts"
import { ensureDirSync } from "../store/durable-file.ts"
import { homePaths } from "../store/paths.ts"
import { everyTick } from "../store/shared-ticker.ts"
import type { AppStore } from "../store/app-store.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { createMemoryManager } from "../memory/memory-manager.ts"
import { createMemoryBridgeCommands } from "./memory-commands.ts"
import { createApprovalBridgeCommands } from "./approval-commands.ts"
import { createConflictBridgeCommands } from "./conflict-commands.ts"
import { createTrafficRecorder } from "./memory-recording.ts"
import { createLeaseJudge } from "../os/lease-judge.ts"

export type { ProcessedEvent } from "./claim-processor.ts"

export const DEFAULT_POLL_INTERVAL_MS = 2000
/**
 * While agents keep dropping commands (an inbox event less than QUIET_MS ago), the pass after a
 * pass waits for the inbox to go quiet, at most BURST_WAIT_MS: a burst of a thousand files becomes
 * a few large units instead of dozens of small ones, each a write of tasks.json. A command that
 * arrives alone is still taken at once.
 */
const QUIET_MS = 3
const BURST_WAIT_MS = 100

export interface BridgeRunnerOptions {
  home: string
  /** A store to keep current (the TUI's): it shows each batch's tasks as soon as they are durable. */
  store?: AppStore
  /** Default: `integrations.agent.pollIntervalMs` from config.json. */
  pollIntervalMs?: number
  /** More commands to host (c64-*, os-*), beside the 16 task commands. */
  commands?: BridgeCommandDefinition[]
  /** Services started once the role is held (see runner-services.ts). */
  services?: RunnerServiceFactory[]
  onEvent?: (event: ProcessedEvent) => void
  /** A pass that failed as a whole (it is retried at the next poll). */
  onError?: (message: string) => void
  /** Watch the inbox to answer sooner than the poll (default true). */
  watch?: boolean
  /** `one-shot`: `tsk agent send` processing the inbox once because no runner was up. */
  mode?: RunnerMode
}

export type RunnerStopReason = "stopped" | RoleLossReason | "failed"

export interface BridgeRunner {
  readonly home: string
  readonly pollIntervalMs: number
  /** Commands answered by this runner since it started. */
  readonly processed: number
  /** Resolves once the processed-id memory is loaded and the services have started. */
  readonly ready: Promise<void>
  /** Resolves when the runner has stopped, with the reason. */
  readonly stopped: Promise<RunnerStopReason>
  onEvent(listener: (event: ProcessedEvent) => void): () => void
  /** Process what waits in the inbox now; resolves when that pass is done. */
  processNow(): Promise<void>
  stop(): Promise<void>
}

/** The poll interval from config.json, read synchronously (a bad file means the default). */
export function configuredPollInterval(home: string): number {
  try {
    const raw = JSON.parse(readFileSync(homePaths(home).config, "utf8")) as { integrations?: { agent?: { pollIntervalMs?: unknown } } }
    const value = raw.integrations?.agent?.pollIntervalMs
    return typeof value === "number" && Number.isInteger(value) && value >= 50 ? value : DEFAULT_POLL_INTERVAL_MS
  } catch {
    return DEFAULT_POLL_INTERVAL_MS
  }
}

/** Start the runner for `home`, or return null when another live process holds the role. */
export function startBridgeRunner(options: BridgeRunnerOptions): BridgeRunner | null {
  const { home } = options
  const pollIntervalMs = options.pollIntervalMs ?? configuredPollInterval(home)
  const mode = options.mode ?? "runner"
  const acquired = acquireRunnerRole(home, { pollIntervalMs, mode })
  if (!acquired) return null
  const role = acquired

  const router = createTaskRouter(undefined, (now) => createLeaseJudge(home, now))
  const taskCommands = createTaskBridgeCommands(router.access)
  // Agent memory: memory-* commands, and every agent's commands recorded with their answers.
  const memoryManager = createMemoryManager(home)
  const hosted = () => [...createMemoryBridgeCommands(memoryManager), ...createApprovalBridgeCommands(home, "bridge"), ...createConflictBridgeCommands(home), ...(options.commands ?? [])]
  let registry: BridgeRegistry = createBridgeRegistry(taskCommands, hosted())
  const services: RunnerService[] = []
  const listeners = new Set<(event: ProcessedEvent) => void>(options.onEvent ? [options.onEvent] : [])
  let memory: ProcessedMemory | null = null
  let processed = 0
  let errors = 0
  let stopping = false
  let passing: Promise<void> | null = null
  let again = false
  let lastInboxEvent = 0
  let closeWatcher: (() => Promise<void>) | null = null
  let resolveStopped: (reason: RunnerStopReason) => void = () => {}
  const stopped = new Promise<RunnerStopReason>((resolve) => (resolveStopped = resolve))
  const reportError = (error: unknown) => options.onError?.(sanitizeErrorMessage(error))
  const recorder = createTrafficRecorder(memoryManager, (error) => reportError(`agent memory: ${sanitizeErrorMessage(error)}`), () => passing !== null)

  const ready = (async () => {
    await removeUnjournaledTemps(home, (await readJournal(home))?.pending?.temp ?? null)
    memory = await loadProcessedMemory(home)
    for (const warning of memory.warnings) reportError(warning)
    for (const factory of options.services ?? []) services.push(await factory({ home, mode }))
    registry = createBridgeRegistry(taskCommands, [...hosted(), ...services.flatMap((s) => s.commands)])
    for (const service of services) await service.start?.()
  })()

  const context = (): ProcessorContext => ({
    home,
    registry,
    router,
    memory: memory!,
    store: options.store,
    stopping: () => stopping,
    recordAnswered: (answered, recovered) => recorder.record(answered, recovered),
    async fence() {
      if (!role.held() && !(await role.confirm())) throw new RoleLostError()
    },
    emit(event) {
      processed++
      if (event.status === "error") errors++
      role.setCounters({ processed, errors })
      for (const listener of listeners) {
        try {
          listener(event)
        } catch (error) {
          reportError(error)
        }
      }
    },
  })

  function processNow(): Promise<void> {
    if (stopping) return passing ?? Promise.resolve()
    if (passing) {
      again = true
      return passing
    }
    passing = (async () => {
      await ready
      do {
        again = false
        await processPending(context())
        if (again && !stopping) await inboxQuiet()
      } while (again && !stopping)
    })()
      .catch((error) => {
        if (error instanceof RoleLostError) void stopWith("taken-over")
        else reportError(error)
      })
      .finally(() => {
        passing = null
      })
    return passing
  }

  async function inboxQuiet(): Promise<void> {
    const until = Date.now() + BURST_WAIT_MS
    while (!stopping && Date.now() - lastInboxEvent < QUIET_MS && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
  }

  const onInboxEvent = () => {
    lastInboxEvent = Date.now()
    void processNow()
  }

  // On the process's shared one-second timer (the heartbeat's): no wake-up of its own.
  const stopPolling = everyTick(pollIntervalMs, () => void processNow())

  async function startWatching(): Promise<void> {
    const paths = bridgePaths(home)
    ensureDirSync(paths.inboxDir)
    // Folder watches filtered by name: the runner's own writes in TSK_HOME (its heartbeat every
    // second, checkpoints) wake nothing; chokidar re-read the whole folder on each of them.
    const { watchFiles, watchFolder } = await import("../store/watch-files.ts")
    const soon = { debounceMs: 0 }
    const closers = [watchFiles([paths.inbox], onInboxEvent, soon), watchFolder(paths.inboxDir, onInboxEvent, soon)]
    closeWatcher = async () => {
      await Promise.all(closers.map((close) => close()))
    }
    if (stopping) await closeWatcher()
  }

  async function stopWith(reason: RunnerStopReason): Promise<void> {
    if (stopping) {
      await stopped
      return
    }
    stopping = true
    stopPolling()
    await closeWatcher?.().catch(reportError)
    await passing
    await recorder.idle()
    await ready.catch(() => {})
    for (const service of [...services].reverse()) await service.stop().catch(reportError)
    await role.release().catch(reportError)
    resolveStopped(reason)
  }

  role.onLost((reason) => void stopWith(reason))
  ready.then(
    () => {
      if (options.watch !== false) startWatching().catch(reportError)
      void processNow()
    },
    (error) => {
      reportError(error)
      void stopWith("failed")
    },
  )

  return {
    home,
    pollIntervalMs,
    get processed() {
      return processed
    },
    ready,
    stopped,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    processNow,
    stop: () => stopWith("stopped"),
  }
}
