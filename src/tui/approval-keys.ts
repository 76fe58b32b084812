// Keys for agents' permission requests: y allows, n asks for an optional reason and denies, a
// allows and makes a rule for the tool in that session; in the Monitor's approvals pane j/k move,
// Enter shows the whole request and r revokes a rule. Answers go through the same actions as
// `tsk approvals`, so one already answered elsewhere is refused with a clear toast.
import { decideApproval, revokeRule, type ApprovalView } from "../os/approval-actions.ts"
import type { ApprovalRule } from "../os/approval-files.ts"
import { APPROVALS_PANE } from "./active-scopes.ts"
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"
import type { TuiContext } from "./tui-context.ts"
import type { UiState } from "./ui-store.ts"

export type ApprovalRow = { kind: "request"; view: ApprovalView } | { kind: "rule"; rule: ApprovalRule }

/** The approvals pane's rows: pending requests (oldest first), the rules, then recent answers. */
export function approvalRows(approvals: UiState["approvals"]): ApprovalRow[] {
  return [
    ...approvals.pending.map((view) => ({ kind: "request" as const, view })),
    ...approvals.rules.map((rule) => ({ kind: "rule" as const, rule })),
    ...approvals.answered.map((view) => ({ kind: "request" as const, view })),
  ]
}

function selectedRow(ctx: TuiContext): ApprovalRow | null {
  const ui = ctx.ui.getState()
  const rows = approvalRows(ui.approvals)
  return rows[Math.min(ui.approvalIndex, rows.length - 1)] ?? null
}

/**
 * The request y/n/a answer: in the approvals pane the selected row, when it is a waiting request
 * (a rule or an answered one selected: none, so a key never answers a row not chosen); elsewhere
 * the oldest waiting request.
 */
export function targetRequest(ctx: TuiContext): ApprovalView | null {
  const ui = ctx.ui.getState()
  if (ui.view === "monitor" && ui.pane === APPROVALS_PANE) {
    const row = selectedRow(ctx)
    return row?.kind === "request" && row.view.status === "pending" ? row.view : null
  }
  return ui.approvals.pending[0] ?? null
}

const homeOf = (ctx: TuiContext) => ctx.feeds.get().approvals?.home ?? null

/** Answer `requestId` from the TUI; a refusal (already answered, expired) becomes an error toast. */
export function answerFromTui(ctx: TuiContext, requestId: string, behavior: "allow" | "deny", options: { message?: string; always?: boolean } = {}): boolean {
  const feed = ctx.feeds.get().approvals
  if (!feed) return false
  try {
    const { request, rule } = decideApproval(feed.home, requestId, { behavior, by: "tui", ...options })
    const verb = behavior === "allow" ? "Allowed" : "Denied"
    ctx.toaster.show(behavior === "allow" ? "success" : "info", `${verb} ${request.tool}: ${request.summary}${rule ? ` · ${rule.tool} allowed for the rest of this session` : ""}`)
    feed.refresh()
    return true
  } catch (error) {
    ctx.toaster.error(error)
    feed.refresh()
    return false
  }
}

const withTarget = (run: (ctx: TuiContext, request: ApprovalView) => void): ActionHandler => (ctx) => {
  if (!homeOf(ctx)) return false
  const request = targetRequest(ctx)
  if (!request) return ctx.toaster.show("info", ctx.ui.getState().pane === APPROVALS_PANE && ctx.ui.getState().view === "monitor" ? "Select a waiting request (j/k)" : "No permission request is waiting")
  run(ctx, request)
}

function move(ctx: TuiContext, delta: number): void {
  const ui = ctx.ui.getState()
  const count = approvalRows(ui.approvals).length
  ui.set({ approvalIndex: Math.max(0, Math.min(count - 1, ui.approvalIndex + delta)) })
}

export const approvalActions = {
  "approvals.allow": withTarget((ctx, request) => void answerFromTui(ctx, request.id, "allow")),
  "approvals.always": withTarget((ctx, request) => void answerFromTui(ctx, request.id, "allow", { always: true })),
  "approvals.deny": withTarget((ctx, request) => ctx.ui.getState().openDialog({ kind: "approval-deny", requestId: request.id })),
  "requests.down": (ctx) => move(ctx, 1),
  "requests.up": (ctx) => move(ctx, -1),
  "requests.show": (ctx) => {
    const row = selectedRow(ctx)
    if (row?.kind !== "request") return ctx.toaster.show("info", row ? "A rule: r revokes it" : "No permission requests yet")
    ctx.ui.getState().openDialog({ kind: "approval-detail", requestId: row.view.id })
  },
  "requests.revoke": (ctx) => {
    const row = selectedRow(ctx)
    const home = homeOf(ctx)
    if (row?.kind !== "rule" || !home) return ctx.toaster.show("info", "Select a rule to revoke")
    try {
      const rule = revokeRule(home, row.rule.id, "tui")
      ctx.toaster.show("info", `Revoked: ${rule.tool} asks again in session ${rule.session.slice(0, 8)}`)
    } catch (error) {
      ctx.toaster.error(error)
    }
    ctx.feeds.get().approvals?.refresh()
  },
} satisfies Partial<Record<ActionId, ActionHandler>>
