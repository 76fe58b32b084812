// What a person (or a supervising agent) does with permission requests, the same for the TUI, the
// CLI, the bridge and MCP: list them, allow or deny one by its id, allow a tool for the rest of a
// session (a rule), revoke a rule. An answer names one request; one already answered, expired or
// given up by its hook cannot be answered again (kind conflict).
import { hostname } from "node:os"
import { TskError } from "../domain/errors.ts"
import { processIsAlive } from "../store/process-alive.ts"
import {
  appendAudit,
  ensureApprovalDirs,
  newApprovalId,
  readDecision,
  readRequest,
  readRequests,
  readRules,
  removeRule,
  writeDecisionOnce,
  writeRule,
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalRule,
} from "./approval-files.ts"
import { auditDecision } from "./approval-hook.ts"

/** `terminal`: the agent asked in its own terminal; `expired`: its hook stopped waiting without a word. */
export type ApprovalStatus = "pending" | "allowed" | "denied" | "terminal" | "expired"

export interface ApprovalView extends ApprovalRequest {
  status: ApprovalStatus
  decision: ApprovalDecision | null
}

export interface ApprovalList {
  pending: ApprovalView[]
  /** Answered or expired requests, newest first (at most `recent`). */
  answered: ApprovalView[]
  rules: ApprovalRule[]
}

const STATUS_OF: Record<ApprovalDecision["behavior"], ApprovalStatus> = { allow: "allowed", deny: "denied", terminal: "terminal" }

function hookGone(request: ApprovalRequest): boolean {
  return request.host === hostname() && !processIsAlive(request.pid)
}

export function approvalStatus(request: ApprovalRequest, decision: ApprovalDecision | null, now: number): ApprovalStatus {
  if (decision) return STATUS_OF[decision.behavior]
  return Date.parse(request.expiresAt) <= now || hookGone(request) ? "expired" : "pending"
}

export function viewOf(home: string, request: ApprovalRequest, now: number): ApprovalView {
  const decision = readDecision(home, request.id)
  return { ...request, status: approvalStatus(request, decision, now), decision }
}

/** Pending requests oldest first (answer in the order asked), the answered ones newest first. */
export function listApprovals(home: string, options: { now?: number; recent?: number } = {}): ApprovalList {
  const now = options.now ?? Date.now()
  const views = readRequests(home).map((request) => viewOf(home, request, now))
  return {
    pending: views.filter((v) => v.status === "pending").reverse(),
    answered: views.filter((v) => v.status !== "pending").slice(0, options.recent ?? 20),
    rules: readRules(home),
  }
}

/** The request a full id or a unique prefix (4+ characters) names. */
export function findApproval(home: string, idOrPrefix: string): ApprovalRequest {
  const wanted = idOrPrefix.trim().toLowerCase()
  if (!/^[a-z0-9]{4,40}$/.test(wanted)) throw new TskError("invalid", `'${idOrPrefix}' is not a request id (4 or more letters and digits; see tsk approvals list)`)
  const exact = readRequest(home, wanted)
  if (exact) return exact
  const matches = readRequests(home).filter((r) => r.id.startsWith(wanted))
  if (matches.length === 0) throw new TskError("not_found", `no permission request '${idOrPrefix}' (see tsk approvals list)`)
  if (matches.length > 1) throw new TskError("ambiguous", `'${idOrPrefix}' names ${matches.length} requests: ${matches.map((m) => m.id).join(", ")}`, { candidates: matches.map((m) => m.id) })
  return matches[0]!
}

function alreadyAnswered(view: ApprovalView): TskError {
  const d = view.decision
  const what = `request ${view.id} (${view.tool})`
  switch (view.status) {
    case "allowed":
    case "denied":
      return new TskError("conflict", `${what} was already ${view.status} by ${d?.by ?? "someone"} at ${d?.at ?? "?"}`)
    case "terminal":
      return new TskError("conflict", `${what} was answered in the agent's terminal (${d?.why ?? "tsk did not answer"})`)
    default:
      return new TskError("conflict", `${what} has expired: its agent no longer waits for an answer`)
  }
}

export interface DecideInput {
  behavior: "allow" | "deny"
  /** A denial's reason, sent to the agent. */
  message?: string
  /** Who answers: tui, cli, bridge, mcp. */
  by: string
  /** Allow this tool for the rest of the request's session (a rule), then answer this request. */
  always?: boolean
  now?: Date
}

export interface DecideResult {
  request: ApprovalView
  rule: ApprovalRule | null
}

/** Answer the one request `idOrPrefix` names; refused (conflict) when it is not pending. */
export function decideApproval(home: string, idOrPrefix: string, input: DecideInput): DecideResult {
  const now = input.now ?? new Date()
  const request = findApproval(home, idOrPrefix)
  const before = viewOf(home, request, now.getTime())
  if (before.status !== "pending") throw alreadyAnswered(before)
  const message = input.behavior === "deny" ? input.message?.trim().slice(0, 1000) || undefined : undefined
  const { decision, won } = writeDecisionOnce(home, { id: request.id, behavior: input.behavior, by: input.by, at: now.toISOString(), ...(message ? { message } : {}) })
  if (!won) throw alreadyAnswered({ ...request, decision, status: STATUS_OF[decision.behavior] })
  auditDecision(home, request, decision)
  let rule: ApprovalRule | null = null
  if (input.always && input.behavior === "allow") rule = addRule(home, request, input.by, now)
  return { request: { ...request, decision, status: STATUS_OF[decision.behavior] }, rule }
}

/** Allow `request.tool` for the rest of `request.session`: tsk answers such requests itself. */
export function addRule(home: string, request: Pick<ApprovalRequest, "session" | "agent" | "tool">, by: string, now = new Date()): ApprovalRule {
  ensureApprovalDirs(home)
  const rule: ApprovalRule = { id: newApprovalId().slice(0, 8), session: request.session, agent: request.agent, tool: request.tool, createdAt: now.toISOString(), by }
  writeRule(home, rule)
  appendAudit(home, { at: rule.createdAt, kind: "rule", rule: rule.id, session: rule.session, tool: rule.tool, by })
  return rule
}

/** Revoke the rule `idOrPrefix` names; the tool asks again in that session. */
export function revokeRule(home: string, idOrPrefix: string, by: string, now = new Date()): ApprovalRule {
  const wanted = idOrPrefix.trim().toLowerCase()
  const matches = readRules(home).filter((r) => r.id.startsWith(wanted))
  if (wanted.length === 0 || matches.length === 0) throw new TskError("not_found", `no approval rule '${idOrPrefix}' (see tsk approvals list)`)
  if (matches.length > 1) throw new TskError("ambiguous", `'${idOrPrefix}' names ${matches.length} rules`, { candidates: matches.map((m) => m.id) })
  const rule = matches[0]!
  removeRule(home, rule)
  appendAudit(home, { at: now.toISOString(), kind: "revoke", rule: rule.id, session: rule.session, tool: rule.tool, by })
  return rule
}

/** How a request's state reads for people: "pending", "allowed by tui", "answered in the terminal". */
export function statusLabel(view: ApprovalView): string {
  switch (view.status) {
    case "pending":
      return "pending"
    case "allowed":
      return `allowed by ${view.decision?.by === "rule" ? "a rule" : view.decision?.by}`
    case "denied":
      return `denied by ${view.decision?.by}${view.decision?.message ? `: ${view.decision.message}` : ""}`
    case "terminal":
      return `answered in the terminal (${view.decision?.why ?? "no answer"})`
    case "expired":
      return "expired"
  }
}
