// Processing claimed inbox files, one at a time, in order. For each file:
//   1. plan every command (claim-plan.ts);
//   2. run them in order: consecutive task commands as one batch, one journaled write of
//      tasks.json (runner-task-commit.ts, runner-journal.ts); other commands one by one, journaled
//      as "running" around the call;
//   3. remember the executed ids with their responses, and that the file is answered with these
//      answers (the answers' timestamps are fixed from here on);
//   4. append the answers to the outbox (skipped when a crash left them there already);
//   5. delete the journal, then the claimed file; then tell listeners.
// A kill anywhere leaves enough on disk for the next runner to finish the file without running
// anything twice or losing an answer.
import { rm } from "node:fs/promises"
import { join } from "node:path"
import { planClaim, type Slot } from "./claim-plan.ts"
import { RoleLostError, WorkingTasks, runDefinition, type TaskRouter } from "./command-execution.ts"
import type { BridgeRegistry } from "./command-registry.ts"
import { claimInbox, claimOriginOf, claimTimeOf, finishClaim, listClaims, readClaim, rejectClaim } from "./inbox-claim.ts"
import { appendToOutbox } from "./outbox.ts"
import type { AgentResponse } from "./protocol.ts"
import { deleteJournal, fileExists, readJournal, recoverJournal, writeJournal, type Journal, type JournalEntry } from "../store/runner-journal.ts"
import type { ProcessedEntry, ProcessedMemory } from "../store/runner-processed-ids.ts"
import { runTaskBatch } from "../store/runner-task-commit.ts"
import type { TasksSnapshot } from "../store/tasks-repository.ts"
import type { AppStore } from "../store/app-store.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"

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
}

/** Task commands in one write of tasks.json at most. */
const BATCH_LIMIT = 500

type RunSlot = Extract<Slot, { kind: "run" }>
const nowIso = () => new Date().toISOString()

function showInStore(store: AppStore | undefined, written: TasksSnapshot): void {
  if (store && written.revision >= store.getState().revision) store.setState({ tasks: written.tasks, revision: written.revision, loadError: null })
}

async function runTaskSlots(ctx: ProcessorContext, claim: string, runs: RunSlot[], committed: JournalEntry[]): Promise<void> {
  let batchEntries: JournalEntry[] = []
  let temp: string | null = null
  let journaled = false
  try {
    const { written } = await runTaskBatch(
      ctx.home,
      async (current) => {
        const working = new WorkingTasks(current.tasks)
        for (const slot of runs) {
          ctx.router.enter(working, slot.command.source)
          try {
            const { response, summary } = await runDefinition(slot, nowIso)
            batchEntries.push({ index: slot.index, id: slot.command.id, command: slot.command.command, summary, response })
          } finally {
            ctx.router.leave()
          }
        }
        return { value: null, tasks: working.changed ? working.list : null }
      },
      async (tempName) => {
        temp = tempName
        await ctx.fence()
        await writeJournal(ctx.home, { version: 1, claim, committed, pending: { temp: tempName, entries: batchEntries }, running: null })
        journaled = true
      },
    )
    committed.push(...batchEntries)
    if (written) showInStore(ctx.store, written)
  } catch (error) {
    if (error instanceof RoleLostError) throw error
    const tempPath = temp ? join(ctx.home, temp) : null
    if (tempPath && journaled && !(await fileExists(tempPath))) {
      // The rename happened; what failed came after it (the folder's fsync, the stamp).
      committed.push(...batchEntries)
      await ctx.store?.getState().reload()
      return
    }
    if (tempPath) {
      if (journaled) await writeJournal(ctx.home, { version: 1, claim, committed, pending: null, running: null })
      await rm(tempPath, { force: true })
    }
    // Nothing of the batch was applied: answer each command with the store's error, unremembered.
    const message = sanitizeErrorMessage(error)
    batchEntries = runs.map((slot) => ({
      index: slot.index,
      id: slot.command.id,
      command: slot.command.command,
      summary: `${slot.command.command} failed`,
      response: { commandId: slot.command.id, status: "error", error: message, timestamp: nowIso() },
    }))
    throw new BatchFailed(batchEntries)
  }
}

class BatchFailed extends Error {
  constructor(readonly entries: JournalEntry[]) {
    super("task batch failed")
  }
}

async function runOtherSlot(ctx: ProcessorContext, claim: string, slot: RunSlot, committed: JournalEntry[]): Promise<void> {
  await ctx.fence()
  const base: Journal = { version: 1, claim, committed, pending: null, running: null }
  await writeJournal(ctx.home, { ...base, running: { index: slot.index, id: slot.command.id, command: slot.command.command } })
  const { response, summary } = await runDefinition(slot, nowIso)
  committed.push({ index: slot.index, id: slot.command.id, command: slot.command.command, summary, response })
  await writeJournal(ctx.home, { ...base, committed })
}

async function rejectUnreadable(ctx: ProcessorContext, claim: string, reason: string, text: string): Promise<number> {
  // An id in the broken text lets the agent match the answer; otherwise the file names it.
  const ids = [...new Set([...text.matchAll(/"id"\s*:\s*"([^"\\]{1,200})"/g)].map((m) => m[1]!))]
  const commandId = ids.length === 1 ? ids[0]! : `rejected:${claim}`
  const movedTo = `agent-inbox.rejected/${claim}`
  const error = `${reason}; the file was moved to ${movedTo}`
  await appendToOutbox(ctx.home, [{ commandId, status: "error", error, timestamp: claimTimeOf(claim) }])
  await rejectClaim(ctx.home, claim)
  ctx.emit({ type: "processed", commandId, command: "invalid", status: "error", summary: `rejected ${claimOriginOf(claim)}`, error, subject: "" })
  return 1
}

export async function processClaim(ctx: ProcessorContext, claim: string): Promise<number> {
  const { home } = ctx
  const journal = await readJournal(home)
  if (ctx.memory.answered(claim)) {
    // Killed after remembering the answers: deliver them (once) and finish.
    await appendToOutbox(home, ctx.memory.answersOf(claim) ?? [])
    if (journal?.claim === claim) await deleteJournal(home)
    await finishClaim(home, claim)
    return 0
  }
  const content = await readClaim(home, claim)
  if (content.kind === "unreadable") return rejectUnreadable(ctx, claim, content.reason, content.text)
  if (journal && journal.claim !== claim) await deleteJournal(home)
  const recovered = journal?.claim === claim ? await recoverJournal(home, journal) : null
  const slots = planClaim(content.items, { claim, receivedAt: claimTimeOf(claim), registry: ctx.registry, memory: ctx.memory, recovered, now: nowIso })
  const committed: JournalEntry[] = recovered ? [...recovered.done.values()] : []
  const failed = new Map<number, JournalEntry>()

  for (let i = 0; i < slots.length; ) {
    // Stopping mid-file leaves it claimed with its journal; the next runner finishes it.
    if (ctx.stopping()) return 0
    const slot = slots[i]!
    if (slot.kind !== "run") {
      i++
      continue
    }
    if (!slot.task) {
      await runOtherSlot(ctx, claim, slot, committed)
      i++
      continue
    }
    const runs: RunSlot[] = []
    while (i < slots.length && runs.length < BATCH_LIMIT) {
      const next = slots[i]!
      if (next.kind === "run" && !next.task) break
      if (next.kind === "run") runs.push(next)
      i++
    }
    try {
      await runTaskSlots(ctx, claim, runs, committed)
    } catch (error) {
      if (!(error instanceof BatchFailed)) throw error
      for (const entry of error.entries) failed.set(entry.index, entry)
    }
  }
  return finishAnswers(ctx, claim, slots, committed, failed)
}

async function finishAnswers(ctx: ProcessorContext, claim: string, slots: Slot[], committed: JournalEntry[], failed: Map<number, JournalEntry>): Promise<number> {
  const ran = new Map(committed.map((entry) => [entry.index, entry]))
  const responses: AgentResponse[] = []
  const summaries: string[] = []
  const remember: ProcessedEntry[] = []
  const ref = (index: number) => `${claim}#${index}`
  for (const slot of slots) {
    if (slot.kind === "answered") {
      responses.push(slot.response)
      summaries.push(slot.summary)
      if (slot.remember) remember.push({ id: slot.id, claim: ref(slot.index), response: slot.response })
    } else if (slot.kind === "run") {
      const entry = ran.get(slot.index) ?? failed.get(slot.index)
      if (!entry) throw new Error(`command ${slot.index + 1} of ${claim} has no outcome`)
      responses.push(entry.response)
      summaries.push(entry.summary)
      if (ran.has(slot.index)) remember.push({ id: entry.id, claim: ref(slot.index), response: entry.response })
    } else {
      const first = responses[slot.of]!
      responses.push({ ...first, commandId: slot.id, timestamp: nowIso() })
      summaries.push(`repeated ${slot.command} answered again`)
    }
  }
  await ctx.memory.record(claim, remember, responses)
  await appendToOutbox(ctx.home, responses)
  await deleteJournal(ctx.home)
  await finishClaim(ctx.home, claim)
  await ctx.memory.compact()
  slots.forEach((slot, i) => {
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
  })
  return slots.length
}

/** One pass: claim what is waiting, then process every claimed file in order. */
export async function processPending(ctx: ProcessorContext): Promise<number> {
  await claimInbox(ctx.home)
  let claims = await listClaims(ctx.home)
  // The file a crash interrupted comes first: its journal belongs to it.
  const journal = await readJournal(ctx.home)
  if (journal && claims.includes(journal.claim)) claims = [journal.claim, ...claims.filter((c) => c !== journal.claim)]
  let answered = 0
  for (const claim of claims) {
    if (ctx.stopping()) break
    answered += await processClaim(ctx, claim)
  }
  return answered
}
