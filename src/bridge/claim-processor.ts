// Processing claimed inbox files in order, a unit (up to 500 commands from consecutive files) at a
// time. For each unit:
//   1. plan every command (claim-plan.ts);
//   2. run them in order: consecutive task commands as one batch, one journaled write of the task
//      list (usually one tasks.journal line: runner-task-commit.ts, runner-journal.ts); other
//      commands one by one, journaled as "running" around the call;
//   3. remember the executed ids with their responses, and that the unit's files are answered with
//      these answers (the answers' timestamps are fixed from here on);
//   4. append the answers to the outbox (skipped when a crash left them there already);
//   5. append the commands that ran to their agents' memory (raw logs; memory-recording.ts);
//   6. delete the journal, then the claimed files; then tell listeners.
// A kill anywhere leaves enough on disk for the next runner to finish the unit without running
// anything twice or losing an answer. A file that is not JSON is answered and moved aside alone.
import { rm } from "node:fs/promises"
import { join } from "node:path"
import { planUnit, type ClaimedFile, type Slot } from "./claim-plan.ts"
import { RoleLostError, WorkingTasks, runDefinition, type TaskRouter } from "./command-execution.ts"
import type { BridgeRegistry } from "./command-registry.ts"
import { claimedHere, claimInbox, claimOriginOf, claimTimeOf, finishClaim, listClaims, readClaim, rejectClaim } from "./inbox-claim.ts"
import { appendToOutbox } from "./outbox.ts"
import { derivedCommandId, normalizeCommand, type AgentResponse } from "./protocol.ts"
import { deleteJournal, fileExists, readJournal, recoverJournal, writeJournal, type Journal, type JournalEntry } from "../store/runner-journal.ts"
import type { ProcessedEntry, ProcessedMemory } from "../store/runner-processed-ids.ts"
import { runTaskBatch, settleBatchLine, type BatchEvidence } from "../store/runner-task-commit.ts"
import type { TasksSnapshot } from "../store/tasks-repository.ts"
import type { AppStore } from "../store/app-store.ts"
import { sanitizeErrorMessage, toTskError, TskError } from "../domain/errors.ts"
import { UNSETTLED_APPEND } from "../store/tasks-journal.ts"
import type { AnsweredCommand } from "./memory-recording.ts"
import { bridgeTrace as trace } from "./stage-trace.ts"

export interface ProcessedEvent {
  type: "processed"
  commandId: string
  command: string
  status: "ok" | "error"
  /** For people, e.g. `created 'Fix bug'`. */
  summary: string
  error?: string
  /** What the command is about: a quoted title, a task id, a count (may be empty). */
  subject: string
}

export interface ProcessorContext {
  home: string
  registry: BridgeRegistry
  router: TaskRouter
  memory: ProcessedMemory
  /** Throws RoleLostError when this process no longer holds the runner role. */
  fence(): Promise<void>
  store?: AppStore
  emit(event: ProcessedEvent): void
  stopping(): boolean
  /**
   * Appends the commands that ran, with their answers, to agent memory, durably (before they are
   * remembered as answered). `recovered`: the unit is run again after a crash and may be recorded.
   */
  recordAnswered?(answered: AnsweredCommand[], recovered: boolean): Promise<void>
}

/** Commands per unit, and per write of tasks.json. */
const UNIT_COMMANDS = 500
const UNIT_FILES = 500

type RunSlot = Extract<Slot, { kind: "run" }>
const nowIso = () => new Date().toISOString()
const NOT_SAVED = "the change was not saved: other processes kept reorganising the task list while this one saved it; send the command again"

class BatchFailed extends Error {
  constructor(readonly entries: JournalEntry[]) {
    super("task batch failed")
  }
}

interface Unit {
  claims: string[]
  committed: JournalEntry[]
}

const journalOf = (unit: Unit, extra: Partial<Journal> = {}): Journal => ({ version: 1, claims: unit.claims, committed: unit.committed, pending: null, running: null, ...extra })

function showInStore(store: AppStore | undefined, written: TasksSnapshot): void {
  if (store && written.revision >= store.getState().revision) store.setState({ tasks: written.tasks, revision: written.revision, loadError: null })
}

/** Times a batch whose write could not be told applied, then found not applied, is run again. */
const UNSETTLED_RUNS = 3

async function runTaskSlots(ctx: ProcessorContext, unit: Unit, runs: RunSlot[], attempt = 1): Promise<void> {
  const entries: JournalEntry[] = []
  let evidence: BatchEvidence | null = null
  let journaled = false
  const started = performance.now()
  try {
    const { written } = await runTaskBatch(
      ctx.home,
      async (current) => {
        // The lock (and the serial queue before it) and the read of the list under it.
        trace.since("lock", started)
        const working = new WorkingTasks(current.tasks)
        await trace.time("execute", async () => {
          for (const slot of runs) {
            ctx.router.enter(working, slot.command.source, slot.command.agentId)
            try {
              const { response, summary } = await runDefinition(slot, nowIso)
              entries.push({ index: slot.index, id: slot.command.id, command: slot.command.command, summary, response })
            } finally {
              ctx.router.leave()
            }
          }
        })
        return { value: null, tasks: working.changed ? working.list : null }
      },
      async (recorded) => {
        evidence = recorded
        await trace.time("prepare", async () => {
          await ctx.fence()
          await writeJournal(ctx.home, journalOf(unit, { pending: { ...recorded, entries } }))
        })
        journaled = true
      },
    )
    unit.committed.push(...entries)
    if (written) showInStore(ctx.store, written)
  } catch (error) {
    if (error instanceof RoleLostError) throw error
    const recorded = evidence as BatchEvidence | null
    if (recorded && journaled && (await batchApplied(ctx.home, recorded))) {
      // The change landed; what failed came after it (the folder's fsync, the stamp).
      unit.committed.push(...entries)
      await ctx.store?.getState().reload()
      return
    }
    if (recorded) {
      if (journaled) {
        // Every write of agent-journal.json is fenced: a runner that lost its role meanwhile must
        // not write over the journal of the runner that took over.
        await ctx.fence()
        await writeJournal(ctx.home, journalOf(unit))
      }
      if ("temp" in recorded) await rm(join(ctx.home, recorded.temp), { force: true })
    }
    // "May or may not have been saved", now settled as not saved (and fenced off: it can no longer
    // land): run the batch again, as recovery would, under a new line.
    const unsettled = error instanceof TskError && error.message === UNSETTLED_APPEND && recorded !== null && journaled
    if (unsettled && attempt < UNSETTLED_RUNS) return runTaskSlots(ctx, unit, runs, attempt + 1)
    // Nothing of the batch was applied: answer each command with the store's error, unremembered.
    const message = unsettled ? NOT_SAVED : sanitizeErrorMessage(error)
    throw new BatchFailed(
      runs.map((slot) => ({
        index: slot.index,
        id: slot.command.id,
        command: slot.command.command,
        summary: `${slot.command.command} failed`,
        response: { commandId: slot.command.id, status: "error", error: message, errorKind: toTskError(error).kind, timestamp: nowIso() },
      })),
    )
  }
}

/** After a failed write: did the batch land anyway? (A line found not applied can no longer land.) */
async function batchApplied(home: string, evidence: BatchEvidence): Promise<boolean> {
  if ("line" in evidence) return settleBatchLine(home, evidence.line)
  return !(await fileExists(join(home, evidence.temp)))
}

async function runOtherSlot(ctx: ProcessorContext, unit: Unit, slot: RunSlot): Promise<void> {
  await ctx.fence()
  await writeJournal(ctx.home, journalOf(unit, { running: { index: slot.index, id: slot.command.id, command: slot.command.command } }))
  const { response, summary } = await runDefinition(slot, nowIso)
  unit.committed.push({ index: slot.index, id: slot.command.id, command: slot.command.command, summary, response })
  // The command may have taken long enough for the role to pass to another runner meanwhile.
  await ctx.fence()
  await writeJournal(ctx.home, journalOf(unit))
}

async function rejectUnreadable(ctx: ProcessorContext, claim: string, reason: string, text: string): Promise<void> {
  // An id in the broken text lets the agent match the answer; otherwise the file names it.
  const ids = [...new Set([...text.matchAll(/"id"\s*:\s*"([^"\\]{1,200})"/g)].map((m) => m[1]!))]
  const commandId = ids.length === 1 ? ids[0]! : `rejected:${claim}`
  const error = `${reason}; the file was moved to agent-inbox.rejected/${claim}`
  await appendToOutbox(ctx.home, [{ commandId, status: "error", error, errorKind: "invalid", timestamp: claimTimeOf(claim) }])
  await rejectClaim(ctx.home, claim)
  ctx.emit({ type: "processed", commandId, command: "invalid", status: "error", summary: `rejected ${claimOriginOf(claim)}`, error, subject: "" })
}

/**
 * The commands of an answered file that ran (the processed-id memory names them by file and
 * position), to agent memory: the runner may have died before recording them. Calls an agent's
 * log already holds are skipped, so a unit that was recorded is not recorded twice.
 */
async function recordAnsweredClaim(ctx: ProcessorContext, claim: string): Promise<void> {
  if (!ctx.recordAnswered) return
  const content = await readClaim(ctx.home, claim)
  if (content.kind !== "items") return
  const executed: AnsweredCommand[] = []
  content.items.forEach((item, n) => {
    const normalized = normalizeCommand(item, derivedCommandId(claim, n), claimTimeOf(claim))
    if (!normalized.ok) return
    const entry = ctx.memory.get(normalized.command.id)
    if (entry?.claim === `${claim}#${n}`) executed.push({ command: normalized.command, response: entry.response })
  })
  await ctx.recordAnswered(executed, true)
}

/** Read claimed files into a unit, in order; answers unreadable ones and finishes answered ones. */
async function gatherUnit(ctx: ProcessorContext, candidates: string[], fixed: boolean): Promise<{ files: ClaimedFile[]; consumed: number }> {
  const files: ClaimedFile[] = []
  let commands = 0
  let consumed = 0
  for (const claim of candidates) {
    if (!fixed && files.length > 0 && (commands >= UNIT_COMMANDS || files.length >= UNIT_FILES)) break
    consumed++
    if (ctx.memory.answered(claim)) {
      // Killed after remembering the answers: deliver them (once), record them, and finish.
      await appendToOutbox(ctx.home, ctx.memory.answersOf(claim) ?? [])
      await recordAnsweredClaim(ctx, claim)
      await finishClaim(ctx.home, claim)
      continue
    }
    const content = await readClaim(ctx.home, claim)
    if (content.kind === "unreadable") {
      await rejectUnreadable(ctx, claim, content.reason, content.text)
      continue
    }
    files.push({ claim, items: content.items })
    commands += content.items.length
  }
  return { files, consumed }
}

async function processUnit(ctx: ProcessorContext, files: ClaimedFile[], journal: Journal | null): Promise<number> {
  const recovered = journal ? await recoverJournal(ctx.home, journal, () => ctx.fence()) : null
  const unit: Unit = { claims: files.map((f) => f.claim), committed: recovered ? [...recovered.done.values()] : [] }
  const slots = trace.timeSync("plan", () => planUnit(files, { registry: ctx.registry, memory: ctx.memory, recovered, now: nowIso }))
  const failed = new Map<number, JournalEntry>()
  for (let i = 0; i < slots.length; ) {
    // Stopping mid-unit leaves it claimed with its journal; the next runner finishes it.
    if (ctx.stopping()) return 0
    const slot = slots[i]!
    if (slot.kind !== "run") {
      i++
      continue
    }
    if (!slot.task) {
      await trace.time("other", () => runOtherSlot(ctx, unit, slot))
      i++
      continue
    }
    const runs: RunSlot[] = []
    // One file of thousands of commands still writes tasks.json every 500, keeping the lock short.
    for (; i < slots.length && runs.length < UNIT_COMMANDS; i++) {
      const next = slots[i]!
      if (next.kind === "run" && !next.task) break
      if (next.kind === "run") runs.push(next)
    }
    try {
      await trace.time("batch", () => runTaskSlots(ctx, unit, runs))
    } catch (error) {
      if (!(error instanceof BatchFailed)) throw error
      for (const entry of error.entries) failed.set(entry.index, entry)
    }
  }
  // Files this process did not claim were left by a runner that died: the unit may be a second run.
  const again = journal !== null || unit.claims.some((claim) => !claimedHere(ctx.home, claim))
  return finishUnit(ctx, unit, slots, failed, again)
}

async function finishUnit(ctx: ProcessorContext, unit: Unit, slots: Slot[], failed: Map<number, JournalEntry>, recovered: boolean): Promise<number> {
  const ran = new Map(unit.committed.map((entry) => [entry.index, entry]))
  const responses: AgentResponse[] = []
  const summaries: string[] = []
  const remember: ProcessedEntry[] = []
  for (const slot of slots) {
    if (slot.kind === "answered") {
      responses.push(slot.response)
      summaries.push(slot.summary)
      if (slot.remember) remember.push({ id: slot.id, claim: slot.ref, response: slot.response })
    } else if (slot.kind === "run") {
      const entry = ran.get(slot.index) ?? failed.get(slot.index)
      if (!entry) throw new Error(`command ${slot.ref} has no outcome`)
      responses.push(entry.response)
      summaries.push(entry.summary)
      if (ran.has(slot.index)) remember.push({ id: entry.id, claim: slot.ref, response: entry.response })
    } else {
      responses.push({ ...responses[slot.of]!, commandId: slot.id, timestamp: nowIso() })
      summaries.push(`repeated ${slot.command} answered again`)
    }
  }
  // A runner paused past its role's takeover answers nothing: the new runner settles the unit
  // (a batch it found not applied runs again there, and this runner's late write never counted).
  await ctx.fence()
  await trace.time("remember", () => ctx.memory.record(unit.claims, remember, responses))
  await trace.time("outbox", () => appendToOutbox(ctx.home, responses))
  // What ran, in this pass or (kept by the journal) before a crash. After the answers, before the
  // files go: a runner killed in between finds the files answered (see recordAnsweredClaim).
  const executed = slots.flatMap((slot, i) => {
    const command = slot.kind === "run" ? slot.command : slot.kind === "answered" ? slot.ran : undefined
    return command ? [{ command, response: responses[i]! }] : []
  })
  await trace.time("memory", async () => ctx.recordAnswered?.(executed, recovered))
  await trace.time("finish", async () => {
    await deleteJournal(ctx.home)
    for (const claim of unit.claims) await finishClaim(ctx.home, claim)
    await ctx.memory.compact()
  })
  trace.timeSync("emit", () => slots.forEach((slot, i) => {
    const response = responses[i]!
    ctx.emit({
      type: "processed",
      commandId: response.commandId,
      command: slot.kind === "run" ? slot.command.command : slot.command,
      status: response.status,
      summary: summaries[i]!,
      ...(response.error !== undefined ? { error: response.error } : {}),
      subject: slot.subject,
    })
  }))
  trace.unit({ commands: slots.length, files: unit.claims.length })
  return slots.length
}

/** One pass: claim what is waiting, then process every claimed file in order, unit by unit. */
export async function processPending(ctx: ProcessorContext): Promise<number> {
  let claims = await trace.time("claim", async () => {
    await claimInbox(ctx.home)
    return listClaims(ctx.home)
  })
  let answered = 0
  // The unit a crash interrupted comes first, made of the same files: its journal numbers them.
  const journal = await readJournal(ctx.home)
  if (journal) {
    const still = journal.claims.filter((c) => claims.includes(c))
    const { files } = await gatherUnit(ctx, still, true)
    if (files.length > 0) answered += await processUnit(ctx, files, journal)
    else await deleteJournal(ctx.home)
    claims = claims.filter((c) => !journal.claims.includes(c))
  }
  while (claims.length > 0 && !ctx.stopping()) {
    const { files, consumed } = await trace.time("read", () => gatherUnit(ctx, claims, false))
    claims = claims.slice(consumed)
    if (files.length > 0) answered += await processUnit(ctx, files, null)
  }
  return answered
}
