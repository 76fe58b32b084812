// Agent operating states as the panel, the strip, the plan dialog and the toasts see them.
import type { OsPanelPlan, OsPanelStatus, OsPanelTask } from "../../src/tui/os-panel-status.ts"

export function panelTask(over: Partial<OsPanelTask> = {}): OsPanelTask {
  return { id: "writer", title: "Write the CSV writer", state: "active", retries: 0, artifact: null, error: null, ...over }
}

export function panelPlan(tasks: OsPanelTask[] = [panelTask()], over: Partial<OsPanelPlan> = {}): OsPanelPlan {
  return { id: "csv-export", dom: "export", goal: "Export tasks as CSV", done: tasks.filter((t) => t.state === "done").length, total: tasks.length, maxRetries: 3, tasks, ...over }
}

/** Phase C with `writer` checked out (BUSY), in a plan of three tasks. */
export function panelStatus(over: Partial<OsPanelStatus> = {}): OsPanelStatus {
  const writer = panelTask()
  const plan = panelPlan([writer, panelTask({ id: "command", title: "Add the tsk export command", state: "pending" }), panelTask({ id: "docs", title: "Document the CSV export", state: "pending" })])
  return {
    phase: "C",
    state: "BUSY",
    plan,
    task: writer,
    retries: 0,
    maxRetries: 3,
    activeIssues: [],
    lastError: null,
    log: [
      { level: "I", msg: "plan csv-export (export): Export tasks as CSV (3 tasks)" },
      { level: "I", msg: "task writer started: Write the CSV writer" },
    ],
    sessions: [],
    ...over,
  }
}
