// The MCP tools as data: each row names a tool, its tier, the bridge command it runs, how its
// answer is bounded and described (outputSchema), and what it does to the world (annotations). A
// new bridge command becomes a tool by adding a row; its input schema is the command's own zod
// payload schema (src/mcp/tool-schema.ts), every parameter described (param-descriptions.ts).
//
// Tiers keep an agent's context free of schemas it will not use: `core` (the default: a real work
// loop of finding, claiming, blocking, logging time, finishing, and memory), `standard` (+ the rest
// of tasks, timers, projects, tags, agent state, C64 reads), `all` (+ C64 runs, raw memory appends
// and the agent operating-state workflow). `--tools name,name` picks tools (and tiers) by name.
export const TIERS = ["core", "standard", "all"] as const
export type Tier = (typeof TIERS)[number]

/**
 * `page`: a list of tasks, paged (`offset`, `limit` default 50) and compact unless asked, with
 * `total`, `offset`, `nextOffset`. `task`: one whole task (newest notes, subtasks compact).
 * `bounded`: any other answer, tasks in it compact and long arrays cut (see answer-bounds.ts).
 * `budgeted`: an answer the command keeps within its own token budget (memory restore), as it is.
 */
export type AnswerShape = "page" | "task" | "bounded" | "budgeted"

/**
 * What a tool does to the world, as MCP annotations: `read` only reads; `write` changes things and
 * a repeat changes them again; `idempotent` changes things, a repeat with the same arguments
 * changes nothing more; `destructive` removes or overwrites what cannot be had back.
 */
export type ToolEffect = "read" | "write" | "idempotent" | "destructive"

/** The answer's JSON shape (tool-output.ts): a task a write changed, a page, one task, or any object. */
export type OutputKind = "taskChange" | "page" | "task" | "restore" | "object"

export interface ToolRow {
  name: string
  tier: Tier
  /** The bridge command the tool runs (src/bridge/command-registry.ts). */
  command: string
  description: string
  answer: AnswerShape
  effect: ToolEffect
  output: OutputKind
}

export const TOOL_TABLE: readonly ToolRow[] = [
  // core
  { name: "task_query", tier: "core", command: "query", answer: "page", description: "Find tasks by the filters below; ready:true gives the work ready to start (open, not blocked, no open subtasks), blocked:true the blocked work. Open tasks unless status or all:true. Pages of 50 compact tasks (limit, offset) with total and nextOffset; compact:false gives whole tasks.", effect: "read", output: "page" },
  { name: "task_show", tier: "core", command: "show", answer: "task", description: "One task with everything: description, notes (newest 20), time entries, blockers, subtasks. taskId takes the full id or a unique prefix.", effect: "read", output: "task" },
  { name: "task_create", tier: "core", command: "create", answer: "bounded", description: "Create a task. dueDate: YYYY-MM-DD, today, tomorrow, +3d. Answers the new task (use its id).", effect: "write", output: "taskChange" },
  { name: "task_create_subtask", tier: "core", command: "create-subtask", answer: "bounded", description: "Create a subtask under parentId (3 levels at most). Answers the new task.", effect: "write", output: "taskChange" },
  { name: "task_update", tier: "core", command: "update", answer: "bounded", description: "Change fields of a task (title, description, priority, status, project, tags, dueDate; null clears project/dueDate). status in_progress starts work, done completes.", effect: "idempotent", output: "taskChange" },
  { name: "task_claim", tier: "core", command: "claim", answer: "bounded", description: "Take a task: you as assignee, in_progress, a lease your writes renew (free once expired or your session ends); conflict if held, done or blocked", effect: "idempotent", output: "taskChange" },
  { name: "task_next", tier: "core", command: "next", answer: "bounded", description: "Next ready task nobody holds, or null", effect: "write", output: "object" },
  { name: "task_complete", tier: "core", command: "complete", answer: "bounded", description: "Mark a task done (a recurring task creates its next occurrence).", effect: "idempotent", output: "taskChange" },
  { name: "task_note", tier: "core", command: "add-note", answer: "bounded", description: "Add a note to a task (findings, decisions, what is left).", effect: "write", output: "taskChange" },
  { name: "task_block", tier: "core", command: "block", answer: "bounded", description: "Mark taskId as blocked by blockerId (no cycles).", effect: "idempotent", output: "taskChange" },
  { name: "task_unblock", tier: "core", command: "unblock", answer: "bounded", description: "Remove blockerId from taskId's blockers.", effect: "idempotent", output: "taskChange" },
  { name: "task_log_time", tier: "core", command: "log-time", answer: "bounded", description: "Record time already spent on a task (duration: 1h30m, 45m, or minutes), as an entry ending now. Answers the task with logged and trackedMinutes.", effect: "write", output: "taskChange" },
  { name: "memory_restore", tier: "core", command: "memory-restore", answer: "budgeted", description: "Your working context after a restart: facts and summaries of earlier work first, then your newest messages within maxTokens (default 4000); older ones are left out and before pages back to them. agentId defaults to yours (your name plus this project folder); markdown:true for a summary.", effect: "read", output: "restore" },
  { name: "memory_remember", tier: "core", command: "memory-remember", answer: "bounded", description: "Record a fact (key, value; null forgets it) in your memory (agentId defaults to yours): the next restore, and your next session in this folder, start with it.", effect: "idempotent", output: "object" },
  // standard
  { name: "task_stats", tier: "standard", command: "stats", answer: "bounded", description: "Counts: total, by status and priority, overdue, due today, completed today, tracked minutes.", effect: "read", output: "object" },
  { name: "task_list", tier: "standard", command: "list", answer: "page", description: "Open tasks in list order (all:true adds done and archived). Pages of 50 compact tasks (limit, offset) with total and nextOffset.", effect: "read", output: "page" },
  { name: "task_renew", tier: "standard", command: "renew", answer: "bounded", description: "Renew your lease on a task you claimed (ttlMinutes, default the lease's own length).", effect: "write", output: "taskChange" },
  { name: "whoami", tier: "standard", command: "whoami", answer: "bounded", description: "Your identity as a claim holder, and how it was chosen (TSK_AGENT, or this server's own: client name plus a per-process id).", effect: "read", output: "object" },
  { name: "task_reopen", tier: "standard", command: "uncomplete", answer: "bounded", description: "Set a done task back to todo.", effect: "idempotent", output: "taskChange" },
  { name: "task_delete", tier: "standard", command: "delete", answer: "bounded", description: "Delete a task and all its subtasks (cannot be undone from here). Answers what was deleted.", effect: "destructive", output: "object" },
  { name: "task_bulk_create", tier: "standard", command: "bulk-create", answer: "bounded", description: "Create up to 1000 tasks in one write. Answers their count and the first 50, compact.", effect: "write", output: "object" },
  { name: "timer_start", tier: "standard", command: "start-timer", answer: "bounded", description: "Start tracking time on a task (stops a timer running on another task).", effect: "idempotent", output: "taskChange" },
  { name: "timer_stop", tier: "standard", command: "stop-timer", answer: "bounded", description: "Stop the running timer (of taskId, or whichever runs) and log the time.", effect: "write", output: "taskChange" },
  { name: "projects_list", tier: "standard", command: "list-projects", answer: "bounded", description: "Projects in use, by name; counts: true adds how many tasks (and open ones) each has.", effect: "read", output: "object" },
  { name: "tags_list", tier: "standard", command: "list-tags", answer: "bounded", description: "Tags in use, by name; counts: true adds how many tasks (and open ones) each has.", effect: "read", output: "object" },
  { name: "os_status", tier: "standard", command: "os-status", answer: "bounded", description: "The agent operating state: phase (A analyze, B blueprint, C construct, V validate, I idle), state, current plan and task, retries, active issues, last log lines.", effect: "read", output: "object" },
  { name: "c64_list", tier: "standard", command: "c64-list", answer: "bounded", description: "C64 tasks (foreground runs and background samplers), filter by status or type.", effect: "read", output: "object" },
  { name: "c64_show", tier: "standard", command: "c64-show", answer: "bounded", description: "One C64 task with its result and latest samples (samples: how many).", effect: "read", output: "object" },
  { name: "c64_peek", tier: "standard", command: "c64-peek", answer: "bounded", description: "Read bytes of the C64's memory (address: $C000, 0xc000 or 49152; length) from the runner's machine.", effect: "read", output: "object" },
  { name: "c64_screen", tier: "standard", command: "c64-screen", answer: "bounded", description: "The C64's text screen as 25 lines.", effect: "read", output: "object" },
  { name: "approvals_list", tier: "standard", command: "approvals-list", answer: "bounded", description: "Agents' pending permission requests (Claude Code, Codex PermissionRequest hooks): id, session, tool, summary, input; then recent answers and the allow rules.", effect: "read", output: "object" },
  { name: "approvals_allow", tier: "standard", command: "approvals-allow", answer: "bounded", description: "Allow one pending permission request by id (always:true also allows its tool for the rest of its session). Refused (conflict) when already answered or expired.", effect: "write", output: "object" },
  { name: "approvals_deny", tier: "standard", command: "approvals-deny", answer: "bounded", description: "Deny one pending permission request by id; reason is sent to the agent. Refused (conflict) when already answered or expired.", effect: "write", output: "object" },
  { name: "sync_status", tier: "standard", command: "sync-status", answer: "bounded", description: "Sync through git: remote, last sync, commits ahead and behind (as of the last fetch), local changes not yet synced, open conflicts.", effect: "read", output: "object" },
  { name: "sync", tier: "standard", command: "sync", answer: "bounded", description: "Sync the task list through git now (commit, fetch, merge per task and field, push). Answers what it did and any conflicts (the later updatedAt kept, the other value set aside). Needs tsk sync init first.", effect: "write", output: "object" },
  { name: "conflicts_list", tier: "standard", command: "conflicts-list", answer: "bounded", description: "What merging an outside change of tasks.json (git, a sync tool, an editor, a restored copy) could not keep: per record the task, the field, the value kept (the later updatedAt) and the value lost, with their times and source. Merges any pending outside change first.", effect: "read", output: "object" },
  { name: "conflicts_clear", tier: "standard", command: "conflicts-clear", answer: "bounded", description: "Forget conflict records once looked at: the ids given, or all. The kept values stay in the tasks; only the records go.", effect: "destructive", output: "object" },
  // all
  { name: "approvals_revoke", tier: "all", command: "approvals-revoke", answer: "bounded", description: "Revoke an allow rule (ruleId from approvals_list): that tool asks again in its session.", effect: "idempotent", output: "object" },
  { name: "memory_append", tier: "all", command: "memory-append", answer: "bounded", description: "Append messages to your raw memory log (agentId defaults to yours): {role, content} with roles system, user, assistant, tool; OpenAI tool_calls and tool replies and Anthropic text, tool_use and tool_result blocks are taken as they are.", effect: "write", output: "object" },
  { name: "c64_poke", tier: "all", command: "c64-poke", answer: "bounded", description: "Write bytes into the C64's memory on the runner's machine.", effect: "idempotent", output: "object" },
  { name: "c64_reset", tier: "all", command: "c64-reset", answer: "bounded", description: "Reset the C64 (the sim boots its demo again).", effect: "destructive", output: "object" },
  { name: "c64_run", tier: "all", command: "c64-run", answer: "bounded", description: "Run a C64 operation once (extract_sprites_from_ram, extract_ram, read, write, read_screen) on the runner's machine.", effect: "write", output: "object" },
  { name: "c64_start", tier: "all", command: "c64-start", answer: "bounded", description: "Start a background C64 task repeating every interval (every: \"1s\"; count: iterations). It keeps running in the runner.", effect: "write", output: "object" },
  { name: "c64_stop", tier: "all", command: "c64-stop", answer: "bounded", description: "Stop a background C64 task.", effect: "idempotent", output: "object" },
  { name: "os_analyze", tier: "all", command: "os-analyze", answer: "bounded", description: "Phase A: record the goal being analysed.", effect: "write", output: "object" },
  { name: "os_plan", tier: "all", command: "os-plan", answer: "bounded", description: "Phase B: write the plan: dom, goal, tasks [{ id?, title, desc? }].", effect: "destructive", output: "object" },
  { name: "os_next", tier: "all", command: "os-next", answer: "bounded", description: "Phase C: take the next plan task.", effect: "write", output: "object" },
  { name: "os_complete", tier: "all", command: "os-complete", answer: "bounded", description: "Finish a plan task with its output artifact { id, dom, loc, type, pu?, if?, dep? }; moves to VALIDATE.", effect: "write", output: "object" },
  { name: "os_validate", tier: "all", command: "os-validate", answer: "bounded", description: "Phase V: validate the artifact just completed (purpose, Depends on, Issue tags).", effect: "write", output: "object" },
  { name: "os_fail", tier: "all", command: "os-fail", answer: "bounded", description: "Record that a plan task failed (counts a retry; over the limit blocks with BLK_MAX).", effect: "write", output: "object" },
  { name: "os_issue", tier: "all", command: "os-issue", answer: "bounded", description: "Record a known issue, optionally on an artifact.", effect: "write", output: "object" },
  { name: "os_resolve", tier: "all", command: "os-resolve", answer: "bounded", description: "Resolve a known issue.", effect: "idempotent", output: "object" },
  { name: "os_log", tier: "all", command: "os-log", answer: "bounded", description: "Read the operating-state log lines.", effect: "read", output: "object" },
  { name: "os_check", tier: "all", command: "os-check", answer: "bounded", description: "Check summaries against files (repair:true fixes what it can).", effect: "idempotent", output: "object" },
  { name: "os_clear", tier: "all", command: "os-clear", answer: "bounded", description: "Clear a blocked or ERROR state back to READY.", effect: "idempotent", output: "object" },
]

/** The rows a tier exposes: each tier includes the ones before it. */
export function toolsOfTier(tier: Tier, table: readonly ToolRow[] = TOOL_TABLE): ToolRow[] {
  const rank = TIERS.indexOf(tier)
  return table.filter((row) => TIERS.indexOf(row.tier) <= rank)
}

/**
 * The rows `--tools` names: tiers and tool names, comma-separated (`core`, `standard,c64_run`,
 * `task_query,task_show`), in the table's order. An unknown name is an error naming the choices.
 */
export function selectTools(spec: string, table: readonly ToolRow[] = TOOL_TABLE): ToolRow[] {
  const names = spec.split(",").map((n) => n.trim()).filter((n) => n.length > 0)
  if (names.length === 0) throw new Error(`--tools needs a tier (${TIERS.join(", ")}) or tool names`)
  const chosen = new Set<string>()
  const unknown: string[] = []
  for (const name of names) {
    const tier = TIERS.find((t) => t === name)
    if (tier) for (const row of toolsOfTier(tier, table)) chosen.add(row.name)
    else if (table.some((row) => row.name === name)) chosen.add(name)
    else unknown.push(name)
  }
  if (unknown.length > 0) throw new Error(`--tools: no tier or tool named ${unknown.map((n) => `'${n}'`).join(", ")} (tiers: ${TIERS.join(", ")}; tools: ${table.map((r) => r.name).join(", ")})`)
  return table.filter((row) => chosen.has(row.name))
}
