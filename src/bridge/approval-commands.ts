// The approvals-* bridge commands: list agents' permission requests, allow or deny one by its id,
// revoke an allow rule. The same actions as `tsk approvals` and the TUI; MCP offers them as tools.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import { decideApproval, listApprovals, revokeRule, type DecideResult } from "../os/approval-actions.ts"

const IdField = z.string().min(4).max(40).describe("the request id (or a unique prefix of 4+ characters), from approvals-list")

export const ApprovalsListPayload = z.strictObject({
  recent: z.number().int().min(0).max(200).optional().describe("how many answered requests to include (default 20)"),
})
export const ApprovalsAllowPayload = z.strictObject({
  id: IdField,
  always: z.boolean().optional().describe("also allow this tool for the rest of the request's session"),
})
export const ApprovalsDenyPayload = z.strictObject({
  id: IdField,
  reason: z.string().max(1000).optional().describe("why; the agent reads it"),
})
export const ApprovalsRevokePayload = z.strictObject({ ruleId: z.string().min(1).max(40) })

const describeDecision = (data: unknown) => {
  const { request } = data as DecideResult
  return `${request.status} ${request.tool}: ${request.summary}`
}

/** `by` names who answers in the audit log and the agent's memory: bridge (runner) or mcp. */
export function createApprovalBridgeCommands(home: string, by: string): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "approvals-list",
      payload: ApprovalsListPayload,
      readOnly: true,
      run: async (payload) => listApprovals(home, payload.recent !== undefined ? { recent: payload.recent } : {}),
      describe: (_payload, data) => `approvals: ${(data as ReturnType<typeof listApprovals>).pending.length} pending`,
    }),
    defineBridgeCommand({
      command: "approvals-allow",
      payload: ApprovalsAllowPayload,
      run: async (payload) => decideApproval(home, payload.id, { behavior: "allow", by, always: payload.always === true }),
      describe: (_payload, data) => describeDecision(data),
    }),
    defineBridgeCommand({
      command: "approvals-deny",
      payload: ApprovalsDenyPayload,
      run: async (payload) => decideApproval(home, payload.id, { behavior: "deny", by, ...(payload.reason !== undefined ? { message: payload.reason } : {}) }),
      describe: (_payload, data) => describeDecision(data),
    }),
    defineBridgeCommand({
      command: "approvals-revoke",
      payload: ApprovalsRevokePayload,
      run: async (payload) => revokeRule(home, payload.ruleId, by),
      describe: (payload) => `approvals: revoked rule ${payload.ruleId}`,
    }),
  ]
}
