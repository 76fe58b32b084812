// The commands of every day other than those that look at tasks (list, ready, next, show: cli.js
// holds them): the changes, time tracking, the summaries, export, import, config and doctor. The
// bundle compiles this file apart from cli.js, into dist/change.js, which cli.js requires when
// one of them runs: a listing then loads half the code it did (see build-dist.ts). The table
// lists them by the names and summaries of change-command-names.ts.
import type { CommandSpec } from "./command.ts"
import type { ChangeCommandName } from "./change-command-names.ts"
import { addCommand, editCommand } from "./task-commands.ts"
import {
  archiveCommand,
  blockTaskCommand,
  doneCommand,
  noteCommand,
  rmCommand,
  startCommand,
  unblockTaskCommand,
  undoneCommand,
} from "./task-change-commands.ts"
import { logCommand, timerCommand } from "./timer-commands.ts"
import { claimCommand, renewCommand, whoamiCommand } from "./lease-commands.ts"
import { projectsCommand, statsCommand, tagsCommand } from "./summary-commands.ts"
import { configCommand, doctorCommand } from "./admin-commands.ts"
import { exportCommand, importCommand } from "./export-commands.ts"

/** `tsk next --claim`, which cli.js's `next` hands over to this bundle. */
export { claimNextOutput } from "./lease-commands.ts"

/** Which build this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "../fresh-entry.ts"

export const changeCommands: Record<ChangeCommandName, CommandSpec> = {
  add: addCommand,
  edit: editCommand,
  done: doneCommand,
  undone: undoneCommand,
  start: startCommand,
  archive: archiveCommand,
  claim: claimCommand,
  renew: renewCommand,
  whoami: whoamiCommand,
  rm: rmCommand,
  note: noteCommand,
  block: blockTaskCommand,
  unblock: unblockTaskCommand,
  timer: timerCommand,
  log: logCommand,
  projects: projectsCommand,
  tags: tagsCommand,
  stats: statsCommand,
  export: exportCommand,
  import: importCommand,
  config: configCommand,
  doctor: doctorCommand,
}
