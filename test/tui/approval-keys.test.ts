// Where y, n and a answer permission requests, and where they keep their everyday meaning.
import { describe, expect, it } from "vitest"
import { activeScopes } from "../../src/tui/active-scopes.ts"
import { approvalToasts } from "../../src/tui/approval-toasts.ts"
import { findBinding } from "../../src/tui/keymap.ts"
import type { ApprovalList, ApprovalView } from "../../src/os/approval-actions.ts"

const view = (id: string, status: ApprovalView["status"] = "pending"): ApprovalView => ({
  id,
  session: "s1",
  agent: "claude-code",
  tool: "Bash",
  summary: "npm test",
  input: { command: "npm test" },
  suggestions: [],
  cwd: null,
  createdAt: "2026-05-01T10:00:00.000Z",
  expiresAt: "2026-05-01T10:00:45.000Z",
  pid: 1,
  host: "h",
  status,
  decision: status === "pending" ? null : { id, behavior: "terminal", by: "hook", why: "timed out", at: "2026-05-01T10:00:45.000Z" },
})
const list = (pending: ApprovalView[], answered: ApprovalView[] = []): ApprovalList => ({ pending, answered, rules: [] })
const base = { dialogs: [], visualAnchorId: null } as const

describe("approval keys", () => {
  it("keep n (note) and a (add) while no request waits", () => {
    const scopes = activeScopes({ ...base, view: "list", pane: 0, approvals: list([]) })
    expect(findBinding("n", scopes, false)?.action).toBe("task.note")
    expect(findBinding("a", scopes, false)?.action).toBe("global.add")
    expect(findBinding("y", scopes, false)).toBeNull()
  })

  it("answer a waiting request from every view with y, n and a; list keys still move", () => {
    for (const viewName of ["list", "board", "calendar", "monitor"] as const) {
      const scopes = activeScopes({ ...base, view: viewName, pane: 0, approvals: list([view("r1")]) })
      expect(findBinding("y", scopes, false)?.action, viewName).toBe("approvals.allow")
      expect(findBinding("n", scopes, false)?.action, viewName).toBe("approvals.deny")
      expect(findBinding("a", scopes, false)?.action, viewName).toBe("approvals.always")
    }
    const listScopes = activeScopes({ ...base, view: "list", pane: 0, approvals: list([view("r1")]) })
    expect(findBinding("j", listScopes, false)?.action).toBe("list.down")
    expect(findBinding("return", listScopes, false)?.action).toBe("list.toggle")
  })

  it("give the Monitor's approvals pane Enter, j/k and r, and leave dialogs alone", () => {
    const pane = activeScopes({ ...base, view: "monitor", pane: 3, approvals: list([]) })
    expect(findBinding("return", pane, false)?.action).toBe("requests.show")
    expect(findBinding("j", pane, false)?.action).toBe("requests.down")
    expect(findBinding("r", pane, false)?.action).toBe("requests.revoke")
    expect(findBinding("y", pane, false)?.action).toBe("approvals.allow")
    const dialog = activeScopes({ ...base, dialogs: [{ key: 1, spec: { kind: "search" } }], view: "list", pane: 0, approvals: list([view("r1")]) })
    expect(findBinding("n", dialog, true)).toBeNull()
    expect(findBinding("y", dialog, false)?.action).toBe("dialog.yes")
  })

  it("toast a new request with its keys, and one that ended up in the agent's terminal", () => {
    expect(approvalToasts(list([]), list([view("r1")]))).toEqual([{ kind: "agent", message: "Claude Code asks to run Bash: npm test — y allow · n deny · a always" }])
    expect(approvalToasts(list([view("r1")]), list([view("r1")]))).toEqual([])
    expect(approvalToasts(list([view("r1")]), list([], [view("r1", "terminal")]))).toEqual([{ kind: "info", message: "Bash: npm test — answered in the terminal" }])
  })
})
