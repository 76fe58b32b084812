// The agent bridge protocol (DESIGN section 7): what agents write to the inbox and what they read
// back from the outbox. Names and shapes are the ones agents already use; the schemas are the
// single source of the types.
import * as z from "zod"
import { createHash } from "node:crypto"

export const TASK_COMMAND_TYPES = [
  "create",
  "create-subtask",
  "bulk-create",
  "update",
  "complete",
  "uncomplete",
  "delete",
  "query",
  "list",
  "show",
  "list-projects",
  "list-tags",
  "stats",
  "add-note",
  "start-timer",
  "stop-timer",
  // Added by this tsk (the ancestor's 16 above keep their names and shapes).
  "claim",
  "block",
  "unblock",
] as const

export const AgentSource = z.enum(["claude-code", "codex", "custom"])
export type AgentSource = z.infer<typeof AgentSource>

/** Task commands plus the `c64-*` and `os-*` commands other sections register. */
export const AgentCommandType = z.string().min(1).max(100)
export type AgentCommandType = z.infer<typeof AgentCommandType>

export const AgentCommand = z.object({
  id: z.string().min(1).max(200),
  timestamp: z.string().min(1).max(100),
  source: AgentSource,
  command: AgentCommandType,
  payload: z.record(z.string(), z.unknown()),
  /** Which of several agents of one source sent it (agent memory keeps one context per agent). */
  agentId: z.string().min(1).max(100).optional(),
})
export type AgentCommand = z.infer<typeof AgentCommand>

export const AgentResponse = z.object({
  commandId: z.string(),
  status: z.enum(["ok", "error"]),
  data: z.unknown().optional(),
  error: z.string().optional(),
  /** With an error: the CLI's kind (not_found, ambiguous, invalid, conflict, io, corrupt). */
  errorKind: z.string().optional(),
  /** With a page of a list (`list`, `query`): how many matched, where this page starts, the next page's offset or null. */
  total: z.number().optional(),
  offset: z.number().optional(),
  nextOffset: z.number().nullable().optional(),
  /** Set when a page was cut short to keep the outbox small; nextOffset continues it. */
  truncated: z.boolean().optional(),
  timestamp: z.string(),
})
export type AgentResponse = z.infer<typeof AgentResponse>

/** One command, serialized, may be at most this big. */
export const MAX_COMMAND_BYTES = 1024 * 1024
export { MAX_INBOX_FILE_BYTES } from "../store/regular-file.ts"

/**
 * What the inbox accepts: the protocol, leniently. `id`, `timestamp` and `source` may be left out
 * (they are filled in), and `payload` defaults to `{}`; `command` is required.
 */
const InboxCommand = z.object({
  id: z.string().min(1, "id must not be empty").max(200, "id is at most 200 characters").optional(),
  timestamp: z.string().max(100).optional(),
  source: AgentSource.optional(),
  command: z.string({ message: "command is required (a string such as \"create\")" }).min(1, "command must not be empty").max(100),
  payload: z.record(z.string(), z.unknown(), { message: "payload must be a JSON object" }).optional(),
  agentId: z.string().min(1, "agentId must not be empty").max(100, "agentId is at most 100 characters").optional(),
})

export type NormalizedCommand =
  | { ok: true; command: AgentCommand }
  | { ok: false; commandId: string; command: string | null; error: string }

/** An id for a command that came without one, stable for its place in a claimed file. */
export function derivedCommandId(claimName: string, index: number): string {
  const hex = createHash("sha256").update(`${claimName}#${index}`).digest("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")
}

/** Check one inbox item and fill in what may be missing. Never throws. */
export function normalizeCommand(raw: unknown, fallbackId: string, receivedAt: string): NormalizedCommand {
  const givenId = typeof raw === "object" && raw !== null && typeof (raw as { id?: unknown }).id === "string" ? (raw as { id: string }).id : ""
  const commandId = givenId.length > 0 && givenId.length <= 200 ? givenId : fallbackId
  const commandName = typeof raw === "object" && raw !== null && typeof (raw as { command?: unknown }).command === "string" ? (raw as { command: string }).command : null
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, commandId, command: null, error: "a command must be a JSON object like {\"command\": \"list\", \"payload\": {}}" }
  }
  const size = Buffer.byteLength(JSON.stringify(raw))
  if (size > MAX_COMMAND_BYTES) {
    return { ok: false, commandId, command: commandName, error: `command is too large (${size} bytes; the limit is ${MAX_COMMAND_BYTES} bytes)` }
  }
  const parsed = InboxCommand.safeParse(raw)
  if (!parsed.success) return { ok: false, commandId, command: commandName, error: `invalid command: ${issuesText(parsed.error)}` }
  const { timestamp, source, command, payload, agentId } = parsed.data
  return { ok: true, command: { id: commandId, timestamp: timestamp ?? receivedAt, source: source ?? "custom", command, payload: payload ?? {}, ...(agentId !== undefined ? { agentId } : {}) } }
}

export function describePayloadIssues(error: z.ZodError): string {
  return issuesText(error)
}
