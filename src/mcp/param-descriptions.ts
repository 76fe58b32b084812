// What each tool parameter means, for `tools/list`: a parameter whose payload schema carries no
// description of its own takes the one here, by tool (`tool.param`) or by name alone. A test
// counts them over every tool, so a new parameter without a description fails it.
export const PARAM_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // tasks
  taskId: "task id or unique prefix",
  parentId: "parent task id or prefix",
  blockerId: "the task it waits on",
  title: "short title",
  description: "details, acceptance criteria",
  priority: "how urgent",
  status: "in_progress starts, done completes",
  project: "project name; null clears",
  tags: "tags (replace the list)",
  dueDate: "YYYY-MM-DD, today, tomorrow, +3d; null clears",
  assignee: "who holds it; null clears",
  blockedBy: "ids it waits on (replace the list)",
  estimateMinutes: "estimate in minutes",
  recurrence: "daily, weekly, 2w, ...; null stops",
  content: "the note",
  tasks: "the tasks to create, each with the fields of task_create",
  duration: "1h30m, 45m, or minutes",
  counts: "true: how many tasks (and open ones) use each name",
  // conflicts
  "conflicts_clear.ids": "the conflict ids to clear (from conflicts_list); all when left out or empty",
  // approvals
  ruleId: "the rule's id, from approvals_list",
  // task_query / task_list
  "task_query.status": "only these statuses (one or a list); open tasks when left out",
  "task_query.priority": "only these priorities (one or a list of none, low, medium, high, urgent)",
  "task_query.project": "only this project",
  "task_query.tag": "only tasks with this tag",
  "task_query.assignee": "only this assignee's tasks; none for unassigned",
  due: "today, overdue, week, or a YYYY-MM-DD date",
  search: "words to find in titles, descriptions and notes",
  all: "true: include done and archived tasks",
  ready: "true: only work ready to start (open, not blocked, no open subtasks)",
  blocked: "true: only tasks waiting on an open blocker; false: only those that are not",
  sort: "order of the answer (default: list order; ready work by priority, then due date)",
  fields: "the fields of each task: all, summary, compact, or a list of names (overrides compact)",
  // agent operating state
  logLines: "how many of the newest log lines to include",
  goal: "what the work is for",
  "os_plan.id": "the plan's id (default: made from dom)",
  dom: "the domain the plan or artifact belongs to",
  "os_plan.tasks": "the plan's tasks: [{id?, title, desc?}]",
  "os_complete.taskId": "the plan task finished",
  output: "the artifact produced: {id, dom, loc, type, pu?, if?, dep?}",
  cwd: "the folder artifact paths are relative to (default: the server's)",
  "os_fail.taskId": "the plan task that failed",
  error: "what went wrong",
  issueId: "the issue's id",
  artifactId: "the artifact the issue is about",
  message: "the issue in a sentence",
  "os_log.limit": "how many of the newest lines",
  repair: "true: fix what can be fixed",
  // C64
  "c64_list.status": "only C64 tasks with this status",
  "c64_list.type": "foreground or background",
  "c64_list.limit": "at most this many",
  "c64_show.taskId": "the C64 task's id (0001_read) or unique prefix",
  samples: "how many of the newest samples to include",
  address: "start address: $C000, 0xc000 or 49152",
  length: "how many bytes",
  bytes: "the bytes to write: numbers 0-255, or a hex string",
  operation: "extract_sprites_from_ram, extract_ram, read, write or read_screen",
  args: "the operation's arguments (address, length, bytes, ...)",
  name: "a name for the C64 task (default: the operation)",
  every: "interval between runs: 1s, 500ms, ...",
  intervalMs: "interval between runs in milliseconds (instead of every)",
  count: "how many runs (instead of maxIterations)",
  maxIterations: "stop after this many runs",
  "c64_stop.taskId": "the background C64 task to stop",
}

/** The description of `param` of `tool`, or undefined when there is none. */
export function paramDescription(tool: string, param: string): string | undefined {
  return PARAM_DESCRIPTIONS[`${tool}.${param}`] ?? PARAM_DESCRIPTIONS[param]
}
