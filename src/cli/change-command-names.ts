// The commands that cli.js loads from a bundle of their own, dist/change.js (see commands.ts):
// what the table says of each, so that `tsk --help` lists them without loading that bundle. Each
// command's own spec takes its summary from here, so both say the same.
export const CHANGE_COMMANDS = {
  add: { summary: "Add a task" },
  edit: { summary: "Change fields of a task" },
  done: { summary: "Mark a task done (a recurring task schedules its next occurrence)" },
  undone: { summary: "Reopen a task" },
  start: { summary: "Mark a task in progress" },
  archive: { summary: "Archive a task (hidden from lists unless --all)" },
  claim: { summary: "Take a task: assignee, in progress and a lease (default 30 min) in one locked step (refused while someone else holds it)" },
  renew: { summary: "Renew your lease on a task you claimed" },
  whoami: { summary: "The name you claim under (--as, TSK_AGENT or your login) and how it was chosen" },
  rm: { summary: "Delete a task and its subtasks", aliases: ["delete"] },
  note: { summary: "Add a note to a task" },
  block: { summary: "Mark a task as waiting on another (no cycles)" },
  unblock: { summary: "Remove a blocker from a task" },
  timer: { summary: "Time tracking: start, stop, status" },
  log: { summary: "Record time already spent on a task" },
  projects: { summary: "List projects with task counts" },
  tags: { summary: "List tags with task counts" },
  stats: { summary: "Counts by status and priority, overdue, completion, tracked time" },
  export: { summary: "Write every task (done and archived too) as JSON, CSV or Markdown" },
  import: { summary: "Add the tasks of a file: a tsk export, another tasks.json, or the ancestor tsk's tasks.json" },
  config: { summary: "Read and change settings (config.json)" },
  doctor: { summary: "Check tsk's files and show merge conflicts; --repair salvages a damaged task list (every valid task kept)" },
} satisfies Record<string, { summary: string; aliases?: string[] }>

export type ChangeCommandName = keyof typeof CHANGE_COMMANDS

/** The summary and aliases of a command of change.js, for its spec. */
export function changeCommandHead(name: ChangeCommandName): { name: ChangeCommandName; summary: string; aliases?: string[] } {
  const { summary, aliases } = CHANGE_COMMANDS[name] as { summary: string; aliases?: string[] }
  return aliases ? { name, summary, aliases } : { name, summary }
}
