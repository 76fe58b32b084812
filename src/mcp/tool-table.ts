// The MCP tools as data: each row names a tool, its tier, the bridge command it runs and how its
// answer is bounded. A new bridge command becomes a tool by adding a row; its input schema is the
// command's own zod payload schema (src/mcp/tool-schema.ts).
//
// Tiers keep an agent's context free of schemas it will not use: `core` (the default, the daily
// task loop), `standard` (+ the rest of tasks, timers, projects, tags, agent state, C64 reads),
// `all` (+ C64 runs and the agent operating-state workflow).
export const TIERS = ["core", "standard", "all"] as const
export type Tier = (typeof TIERS)[number]

/**
 * `page`: a list of tasks, paged (`offset`, `limit` default 50) and compact unless asked, with
 * `total`, `offset`, `nextOffset`. `task`: one whole task (newest notes, subtasks compact).
 * `bounded`: any other answer, tasks in it compact and long arrays cut (see answer-bounds.ts).
 */
export type AnswerShape = "page" | "task" | "bounded"

export interface ToolRow {
  name: string
  tier: Tier
  /** The bridge command the tool runs (src/bridge/command-registry.ts). */
  command: string
  description: string
  answer: AnswerShape
}

export const TOOL_TABLE: readonly ToolRow[] = [
  // core
  { name: "task_query", tier: "core", command: "query", answer: "page", description: "Find tasks: filter by status, priority, project, tag, due (today|overdue|week|YYYY-MM-DD), search text, assignee; ready:true gives the work ready to start (open, not blocked, no open subtasks), blocked:true the blocked work. Open tasks unless status or all:true. Pages of 50 compact tasks (limit, offset); the answer says total and nextOffset. compact:false gives whole tasks." },
  { name: "task_show", tier: "core", command: "show", answer: "task", description: "One task with everything: description, notes (newest 20), time entries, blockers, subtasks. taskId takes the full id or a unique prefix." },
  { name: "task_create", tier: "core", command: "create", answer: "bounded", description: "Create a task. dueDate: YYYY-MM-DD, today, tomorrow, +3d. Answers the new task (use its id)." },
  { name: "task_create_subtask", tier: "core", command: "create-subtask", answer: "bounded", description: "Create a subtask under parentId (3 levels at most). Answers the new task." },
  { name: "task_update", tier: "core", command: "update", answer: "bounded", description: "Change fields of a task (title, description, priority, status, project, tags, dueDate; null clears project/dueDate). status in_progress starts work, done completes." },
  { name: "task_complete", tier: "core", command: "complete", answer: "bounded", description: "Mark a task done (a recurring task creates its next occurrence)." },
  { name: "task_claim", tier: "core", command: "claim", answer: "bounded", description: "Claim a task: sets you (see whoami) as assignee, in_progress and a lease (ttlMinutes, default 30) in one locked step. Your writes to it renew the lease; it is free again when it expires or this session ends. Refused with kind conflict while someone else holds it, or when it is done or blocked." },
  { name: "task_next", tier: "core", command: "next", answer: "bounded", description: "The next task to do: the first ready task (by priority, then due date) nobody else holds. claim:true claims it in the same locked step. null when nothing is ready." },
  { name: "task_renew", tier: "standard", command: "renew", answer: "bounded", description: "Renew your lease on a task you claimed (ttlMinutes, default the lease's own length)." },
  { name: "whoami", tier: "standard", command: "whoami", answer: "bounded", description: "Your identity as a claim holder, and how it was chosen (TSK_AGENT, or this server's own: client name plus a per-process id)." },
  { name: "task_note", tier: "core", command: "add-note", answer: "bounded", description: "Add a note to a task (findings, decisions, what is left)." },
  { name: "task_stats", tier: "core", command: "stats", answer: "bounded", description: "Counts: total, by status and priority, overdue, due today, completed today, tracked minutes." },
  // standard
  { name: "task_list", tier: "standard", command: "list", answer: "page", description: "Open tasks in list order (all:true adds done and archived). Pages of 50 compact tasks (limit, offset) with total and nextOffset." },
  { name: "task_block", tier: "standard", command: "block", answer: "bounded", description: "Mark taskId as blocked by blockerId (no cycles)." },
  { name: "task_unblock", tier: "standard", command: "unblock", answer: "bounded", description: "Remove blockerId from taskId's blockers." },
  { name: "task_reopen", tier: "standard", command: "uncomplete", answer: "bounded", description: "Set a done task back to todo." },
  { name: "task_delete", tier: "standard", command: "delete", answer: "bounded", description: "Delete a task and all its subtasks (cannot be undone from here). Answers what was deleted." },
  { name: "task_bulk_create", tier: "standard", command: "bulk-create", answer: "bounded", description: "Create up to 1000 tasks in one write. Answers their count and the first 50, compact." },
  { name: "timer_start", tier: "standard", command: "start-timer", answer: "bounded", description: "Start tracking time on a task (stops a timer running on another task)." },
  { name: "timer_stop", tier: "standard", command: "stop-timer", answer: "bounded", description: "Stop the running timer (of taskId, or whichever runs) and log the time." },
  { name: "projects_list", tier: "standard", command: "list-projects", answer: "bounded", description: "Projects in use, by name; counts: true adds how many tasks (and open ones) each has." },
  { name: "tags_list", tier: "standard", command: "list-tags", answer: "bounded", description: "Tags in use, by name; counts: true adds how many tasks (and open ones) each has." },
  { name: "memory_restore", tier: "standard", command: "memory-restore", answer: "bounded", description: "Your working context after a restart: the restored messages (or markdown:true for a bounded summary) of agentId, within maxTokens." },
  { name: "memory_remember", tier: "standard", command: "memory-remember", answer: "bounded", description: "Record a fact (key, value) in agentId's memory; restore hands it back." },
  { name: "memory_append", tier: "all", command: "memory-append", answer: "bounded", description: "Append messages (roles system, user, assistant, tool) to agentId's raw memory log." },
  { name: "os_status", tier: "standard", command: "os-status", answer: "bounded", description: "The agent operating state: phase (A analyze, B blueprint, C construct, V validate, I idle), state, current plan and task, retries, active issues, last log lines." },
  { name: "c64_list", tier: "standard", command: "c64-list", answer: "bounded", description: "C64 tasks (foreground runs and background samplers), filter by status or type." },
  { name: "c64_show", tier: "standard", command: "c64-show", answer: "bounded", description: "One C64 task with its result and latest samples (samples: how many)." },
  // all
  { name: "c64_peek", tier: "standard", command: "c64-peek", answer: "bounded", description: "Read bytes of the C64's memory (address: $C000, 0xc000 or 49152; length) from the runner's machine." },
  { name: "c64_screen", tier: "standard", command: "c64-screen", answer: "bounded", description: "The C64's text screen as 25 lines." },
  { name: "c64_poke", tier: "all", command: "c64-poke", answer: "bounded", description: "Write bytes into the C64's memory on the runner's machine." },
  { name: "c64_reset", tier: "all", command: "c64-reset", answer: "bounded", description: "Reset the C64 (the sim boots its demo again)." },
  { name: "c64_run", tier: "all", command: "c64-run", answer: "bounded", description: "Run a C64 operation once (extract_sprites_from_ram, extract_ram, read, write, read_screen) on the runner's machine." },
  { name: "c64_start", tier: "all", command: "c64-start", answer: "bounded", description: "Start a background C64 task repeating every interval (every: \"1s\"; count: iterations). It keeps running in the runner." },
  { name: "c64_stop", tier: "all", command: "c64-stop", answer: "bounded", description: "Stop a background C64 task." },
  { name: "os_analyze", tier: "all", command: "os-analyze", answer: "bounded", description: "Phase A: record the goal being analysed." },
  { name: "os_plan", tier: "all", command: "os-plan", answer: "bounded", description: "Phase B: write the plan: dom, goal, tasks [{ id?, title, desc? }]." },
  { name: "os_next", tier: "all", command: "os-next", answer: "bounded", description: "Phase C: take the next plan task." },
  { name: "os_complete", tier: "all", command: "os-complete", answer: "bounded", description: "Finish a plan task with its output artifact { id, dom, loc, type, pu?, if?, dep? }; moves to VALIDATE." },
  { name: "os_validate", tier: "all", command: "os-validate", answer: "bounded", description: "Phase V: validate the artifact just completed (purpose, Depends on, Issue tags)." },
  { name: "os_fail", tier: "all", command: "os-fail", answer: "bounded", description: "Record that a plan task failed (counts a retry; over the limit blocks with BLK_MAX)." },
  { name: "os_issue", tier: "all", command: "os-issue", answer: "bounded", description: "Record a known issue, optionally on an artifact." },
  { name: "os_resolve", tier: "all", command: "os-resolve", answer: "bounded", description: "Resolve a known issue." },
  { name: "os_log", tier: "all", command: "os-log", answer: "bounded", description: "Read the operating-state log lines." },
  { name: "os_check", tier: "all", command: "os-check", answer: "bounded", description: "Check summaries against files (repair:true fixes what it can)." },
  { name: "os_clear", tier: "all", command: "os-clear", answer: "bounded", description: "Clear a blocked or ERROR state back to READY." },
]

/** The rows a tier exposes: each tier includes the ones before it. */
export function toolsOfTier(tier: Tier, table: readonly ToolRow[] = TOOL_TABLE): ToolRow[] {
  const rank = TIERS.indexOf(tier)
  return table.filter((row) => TIERS.indexOf(row.tier) <= rank)
}
