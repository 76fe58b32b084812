// The demo agent asks for permission the way Claude Code's PermissionRequest hook does: the request
// shows in the TUI (toast, header count, strip line, approvals pane) and waits for y, n or a. The
// step does not hold up the others: once answered, the agent notes what it did on the release-notes
// task, so the answer's effect shows too. With nobody answering it falls back as a real hook does.
import { answerPermissionRequest } from "../os/approval-hook.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { recordHookEvent } from "../os/sessions.ts"
import type { DemoContext, DemoStep } from "./demo-script.ts"
import { DEMO_SESSION_ID, demoWorkspace } from "./os-demo-steps.ts"

export const DEMO_PERMISSION_COMMAND = "npm test -- --coverage"

/** What the agent does once its request is answered: a note saying so. */
export function noteFor(behavior: string, message: string | undefined): string {
  if (behavior === "allow") return `Ran ${DEMO_PERMISSION_COMMAND}: 214 tests passed, coverage 87%.`
  if (behavior === "deny") return `Did not run the tests: ${message ?? "denied in tsk"}.`
  return "Asked for permission in its own terminal instead."
}

/** Ask, wait for the answer (in the background), then note it on the release-notes task. */
export async function askPermission(ctx: DemoContext): Promise<void> {
  const event = {
    hook_event_name: "PermissionRequest",
    session_id: DEMO_SESSION_ID,
    cwd: demoWorkspace(ctx.home),
    permission_mode: "default",
    tool_name: "Bash",
    tool_input: { command: DEMO_PERMISSION_COMMAND, description: "Run the test suite with coverage before the release" },
    permission_suggestions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test:*" }], behavior: "allow", destination: "localSettings" }],
  }
  recordHookEvent(resolveOsSettings(ctx.home).root, event)
  const { decision } = await answerPermissionRequest(ctx.home, event)
  await ctx.send("add-note", { taskId: await ctx.taskId("Write release notes for v2.4"), content: noteFor(decision.behavior, decision.message) })
}

export const APPROVAL_AGENT_STEPS: readonly DemoStep[] = [
  {
    atMs: 21_500,
    what: "the agent asks permission to run the tests (y allows, n denies, a always allows)",
    run: async (ctx) => {
      // Not awaited: the request waits for a person while the rest of the script goes on.
      void askPermission(ctx).catch(() => {})
    },
  },
]
