// `tsk agent send`: put one command into the inbox the way an agent would and wait for its answer
// in the outbox. With a runner up, the runner answers it. Without one, this process becomes the
// runner for one pass (mode "one-shot") and processes the inbox through the very same code path,
// so ordering, exactly-once and durability are the same either way.
import { randomUUID } from "node:crypto"
import type { AgentCommand, AgentResponse } from "./protocol.ts"
import { bridgePaths, dropIntoInbox } from "./inbox-claim.ts"
import { readOutbox } from "./outbox.ts"
import { startBridgeRunner } from "./runner.ts"
import type { RunnerServiceFactory } from "./runner-services.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import { watchFiles } from "../store/watch-files.ts"
import { TskError } from "../domain/errors.ts"

export const SEND_TIMEOUT_MS = 5000
/** The outbox is watched; this poll only covers a watch that misses an event (or cannot start). */
const FALLBACK_POLL_MS = 100

export interface SendOptions {
  timeoutMs?: number
  /** Services a one-shot pass hosts, so it answers c64-* and os-* commands like a runner. */
  services?: RunnerServiceFactory[]
}

export interface SendResult {
  command: AgentCommand
  response: AgentResponse
  /** Who answered: the live runner, or this process in a one-shot pass. */
  via: "runner" | "in-process"
}

/** Commands whose paths start from the folder the command came from: the sender fills in `cwd`. */
const CARRY_CWD: ReadonlySet<unknown> = new Set(["os-complete"])

/** Fill in id, timestamp, source and payload (and `cwd` where paths need it) when the sender left them out. */
export function completeCommand(raw: Record<string, unknown>, now = new Date(), cwd = process.cwd()): Record<string, unknown> & { id: unknown } {
  const payload = raw.payload ?? {}
  const carry = CARRY_CWD.has(raw.command) && typeof payload === "object" && !Array.isArray(payload) && !("cwd" in payload)
  return {
    ...raw,
    id: raw.id ?? randomUUID(),
    timestamp: raw.timestamp ?? now.toISOString(),
    source: raw.source ?? "custom",
    payload: carry ? { ...payload, cwd } : payload,
  }
}

const answerKey = (r: AgentResponse) => `${r.timestamp}|${r.status}`

/** The outbox as far as it can be read: a corrupt one is moved aside by the runner's next append. */
async function readableOutbox(home: string): Promise<AgentResponse[]> {
  try {
    return await readOutbox(home)
  } catch (error) {
    if (error instanceof TskError && error.kind === "corrupt") return []
    throw error
  }
}

async function newAnswer(home: string, id: string, earlier: Set<string>): Promise<AgentResponse | null> {
  const outbox = await readableOutbox(home)
  return outbox.find((r) => r.commandId === id && !earlier.has(answerKey(r))) ?? null
}

export async function sendAgentCommand(home: string, raw: Record<string, unknown>, options: SendOptions = {}): Promise<SendResult> {
  const command = completeCommand(raw)
  const id = typeof command.id === "string" && command.id.length > 0 ? command.id : null
  if (!id) throw new TskError("invalid", "id must be a non-empty string (or left out)")
  // Watched from before the command is dropped, so the runner's answer cannot slip by unseen.
  let wake: () => void = () => {}
  const closeWatch = watchFiles([bridgePaths(home).outbox], () => wake(), { debounceMs: 0 })
  try {
    // Answers already in the outbox for this id (a reused id) are not ours.
    const earlier = new Set((await readableOutbox(home)).filter((r) => r.commandId === id).map(answerKey))
    const fileName = `${Date.now()}-send-${id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 80)}.json`
    await dropIntoInbox(home, fileName, JSON.stringify(command) + "\n")

    const deadline = Date.now() + (options.timeoutMs ?? SEND_TIMEOUT_MS)
    let via: SendResult["via"] = "runner"
    const problems: string[] = []
    for (;;) {
      const changed = new Promise<void>((resolve) => (wake = resolve))
      const response = await newAnswer(home, id, earlier)
      if (response) return { command: command as AgentCommand, response, via }
      if (!readRunnerStatus(home).live) {
        const runner = startBridgeRunner({ home, mode: "one-shot", watch: false, pollIntervalMs: 60_000, services: options.services ?? [], onError: (m) => problems.push(m) })
        if (runner) {
          via = "in-process"
          await runner.processNow()
          await runner.stop()
          const answered = await newAnswer(home, id, earlier)
          if (answered) return { command: command as AgentCommand, response: answered, via }
        }
      }
      const left = deadline - Date.now()
      if (left < 0) {
        const why = problems.length > 0 ? ` (${problems[0]})` : ""
        throw new TskError("io", `no response within ${Math.round((options.timeoutMs ?? SEND_TIMEOUT_MS) / 1000)} s${why}; the command stays queued as agent-inbox.d/${fileName}`)
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([changed, new Promise((resolve) => (timer = setTimeout(resolve, Math.min(FALLBACK_POLL_MS, left + 1))))])
      clearTimeout(timer)
    }
  } finally {
    await closeWatch()
  }
}
