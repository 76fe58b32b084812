// `tsk approvals list | allow | deny | revoke`: answer agents' permission requests from a shell (a
// person over ssh, a supervising agent), through the same actions as the TUI, the bridge and MCP.
import type { CommandContext, CommandInput, CommandSpec } from "./command.ts"
import { TskError } from "../domain/errors.ts"
import { decideApproval, listApprovals, revokeRule, statusLabel, type ApprovalView } from "../os/approval-actions.ts"
import type { ApprovalRule } from "../os/approval-files.ts"

function idArg(input: CommandInput, what = "a request id"): string {
  const id = input.positionals[0]
  if (!id) throw new TskError("invalid", `${what} is required (see tsk approvals list)`)
  return id
}

const age = (iso: string, now: number) => `${Math.max(0, Math.round((now - Date.parse(iso)) / 1000))}s ago`

export function approvalLine(view: ApprovalView, now = Date.now()): string {
  return `${view.id}  ${view.agent.padEnd(11)} ${view.session.slice(0, 8)}  ${view.tool}: ${view.summary}  (${statusLabel(view)}, ${age(view.createdAt, now)})`
}

export const ruleLine = (rule: ApprovalRule) => `${rule.id}  allow ${rule.tool} in session ${rule.session.slice(0, 8)} (${rule.agent}, since ${rule.createdAt.slice(0, 19).replace("T", " ")})`

const listCommand: CommandSpec = {
  name: "list",
  summary: "Pending permission requests, then recent answers and the allow rules",
  usage: "tsk approvals list [--json]",
  async run(ctx) {
    const list = listApprovals(ctx.home)
    const now = Date.now()
    const lines = [
      list.pending.length === 0 ? "No pending permission requests." : `Pending (${list.pending.length}):`,
      ...list.pending.map((v) => `  ${approvalLine(v, now)}`),
      ...(list.answered.length > 0 ? ["Recent:", ...list.answered.map((v) => `  ${approvalLine(v, now)}`)] : []),
      ...(list.rules.length > 0 ? ["Rules (tsk approvals revoke <id>):", ...list.rules.map((r) => `  ${ruleLine(r)}`)] : []),
    ]
    return { data: list, text: lines.join("\n") }
  },
}

async function decide(ctx: CommandContext, input: CommandInput, behavior: "allow" | "deny") {
  const reason = typeof input.options.reason === "string" ? input.options.reason : undefined
  const result = decideApproval(ctx.home, idArg(input), { behavior, by: "cli", ...(reason !== undefined ? { message: reason } : {}), always: input.options.always === true })
  const { request, rule } = result
  const verb = behavior === "allow" ? ctx.style.green("Allowed") : ctx.style.red("Denied")
  const text = [`${verb} ${request.tool}: ${request.summary} (${request.id})`, ...(rule ? [`Rule ${rule.id}: ${rule.tool} is allowed for the rest of session ${rule.session.slice(0, 8)}`] : [])]
  return { data: result, text: text.join("\n") }
}

const allowCommand: CommandSpec = {
  name: "allow",
  summary: "Allow one pending request (--always: and this tool for the rest of its session)",
  usage: "tsk approvals allow <id> [--always] [--json]",
  options: { always: { type: "boolean", description: "also allow this tool for the rest of the request's session (a rule)" } },
  run: (ctx, input) => decide(ctx, input, "allow"),
}

const denyCommand: CommandSpec = {
  name: "deny",
  summary: "Deny one pending request; --reason is sent to the agent",
  usage: "tsk approvals deny <id> [--reason <text>] [--json]",
  options: { reason: { type: "string", valueName: "text", description: "why: the agent reads it" } },
  run: (ctx, input) => decide(ctx, input, "deny"),
}

const revokeCommand: CommandSpec = {
  name: "revoke",
  summary: "Revoke an allow rule: the tool asks again in that session",
  usage: "tsk approvals revoke <rule-id> [--json]",
  async run(ctx, input) {
    const rule = revokeRule(ctx.home, idArg(input, "a rule id"), "cli")
    return { data: rule, text: `Revoked rule ${rule.id}: ${rule.tool} asks again in session ${rule.session.slice(0, 8)}` }
  },
}

export const approvalsCommand: CommandSpec = {
  name: "approvals",
  summary: "Agents' permission requests (Claude Code, Codex): list, allow, deny, revoke",
  usage: "tsk approvals <command>",
  description:
    "Requests come from the PermissionRequest hook (tsk agent snippet --hooks) and wait while a TUI is open, up to approvals.timeoutSeconds (default 45); then the agent asks in its own terminal. An id is the full id or a unique prefix of 4+ characters. A request already answered, expired or given up cannot be answered (kind conflict, exit 1). See docs/approvals.md.",
  examples: ["tsk approvals list --json", "tsk approvals allow 3f9a", 'tsk approvals deny 3f9a --reason "use the staging database"'],
  subcommands: [listCommand, allowCommand, denyCommand, revokeCommand],
}
