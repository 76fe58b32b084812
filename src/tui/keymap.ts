// The keymap: one table that drives key handling, the help dialog and the status-bar hints.
// Bindings live in scopes; the active scopes (see active-scopes.ts) are searched in order and the
// first binding whose key matches wins.
import { isCharacterToken } from "./key-token.ts"

export const SCOPES = ["app", "dialog", "approvals", "requests", "visual", "list", "detail", "board", "calendar", "day", "monitor", "agents", "task", "global"] as const
export type Scope = (typeof SCOPES)[number]

export const SCOPE_TITLES: Record<Scope, string> = {
  app: "Always",
  dialog: "Dialogs",
  approvals: "Permission requests (while one waits, or in the approvals pane)",
  requests: "Monitor approvals pane",
  visual: "Visual mode",
  list: "List",
  detail: "Detail panel",
  board: "Board",
  calendar: "Calendar",
  day: "Calendar day tasks",
  monitor: "Monitor",
  agents: "Monitor agents pane",
  task: "Selected task(s)",
  global: "Everywhere",
}

export interface KeyBinding {
  action: string
  scope: Scope
  /** Key tokens (see key-token.ts). */
  keys: readonly string[]
  /** How the key is written in help and hints. */
  label: string
  description: string
  /** Short label for the status bar; absent = only in help. */
  hint?: string
  /** Changes tasks: refused while the store is read-only. */
  mutates?: boolean
}

const binding = <const B extends KeyBinding>(b: B): B => b

export const KEYMAP = [
  binding({ action: "app.quit", scope: "app", keys: ["ctrl+c"], label: "Ctrl+C", description: "quit (finishes pending writes)" }),

  binding({ action: "dialog.close", scope: "dialog", keys: ["escape"], label: "Esc", description: "close the dialog", hint: "close" }),
  binding({ action: "dialog.submit", scope: "dialog", keys: ["return"], label: "Enter", description: "save / choose / toggle", hint: "ok" }),
  binding({ action: "dialog.next", scope: "dialog", keys: ["tab"], label: "Tab", description: "next field", hint: "next field" }),
  binding({ action: "dialog.prev", scope: "dialog", keys: ["shift+tab"], label: "Shift+Tab", description: "previous field" }),
  binding({ action: "dialog.up", scope: "dialog", keys: ["up", "k"], label: "↑", description: "previous choice / field (k when not typing)" }),
  binding({ action: "dialog.down", scope: "dialog", keys: ["down", "j"], label: "↓", description: "next choice / field (j when not typing)" }),
  binding({ action: "dialog.left", scope: "dialog", keys: ["left"], label: "←", description: "previous value (priority field)" }),
  binding({ action: "dialog.right", scope: "dialog", keys: ["right"], label: "→", description: "next value (priority field)" }),
  binding({ action: "dialog.yes", scope: "dialog", keys: ["y"], label: "y", description: "yes (confirmations)" }),
  binding({ action: "dialog.pageDown", scope: "dialog", keys: ["pagedown", "ctrl+d"], label: "PgDn/Ctrl+D", description: "a page down (help, lists)" }),
  binding({ action: "dialog.pageUp", scope: "dialog", keys: ["pageup", "ctrl+u"], label: "PgUp/Ctrl+U", description: "a page up (help, lists)" }),
  binding({ action: "dialog.search", scope: "dialog", keys: ["/"], label: "/", description: "search the help (when not typing)" }),

  binding({ action: "approvals.allow", scope: "approvals", keys: ["y"], label: "y", description: "allow the agent's permission request (the selected one in the approvals pane, else the oldest)", hint: "allow" }),
  binding({ action: "approvals.deny", scope: "approvals", keys: ["n"], label: "n", description: "deny it; an optional reason you type is sent to the agent", hint: "deny" }),
  binding({ action: "approvals.always", scope: "approvals", keys: ["a"], label: "a", description: "allow it, and this tool for the rest of its session (tsk answers such requests itself)", hint: "always" }),

  binding({ action: "requests.down", scope: "requests", keys: ["j", "down"], label: "j/↓", description: "next request or rule", hint: "move" }),
  binding({ action: "requests.up", scope: "requests", keys: ["k", "up"], label: "k/↑", description: "previous request or rule" }),
  binding({ action: "requests.show", scope: "requests", keys: ["return"], label: "Enter", description: "the whole request: the command, or the file and the change", hint: "show" }),
  binding({ action: "requests.revoke", scope: "requests", keys: ["r"], label: "r", description: "revoke the selected allow rule (the tool asks again)", hint: "revoke" }),

  binding({ action: "visual.exit", scope: "visual", keys: ["v", "escape"], label: "v/Esc", description: "leave visual mode", hint: "leave visual" }),

  binding({ action: "list.down", scope: "list", keys: ["j", "down"], label: "j/↓", description: "move down", hint: "move" }),
  binding({ action: "list.up", scope: "list", keys: ["k", "up"], label: "k/↑", description: "move up" }),
  binding({ action: "list.pageDown", scope: "list", keys: ["J", "pagedown", "ctrl+d"], label: "J/PgDn/Ctrl+D", description: "move down a page" }),
  binding({ action: "list.pageUp", scope: "list", keys: ["K", "pageup", "ctrl+u"], label: "K/PgUp/Ctrl+U", description: "move up a page" }),
  binding({ action: "list.top", scope: "list", keys: ["g", "home"], label: "g", description: "go to the top" }),
  binding({ action: "list.bottom", scope: "list", keys: ["G", "end"], label: "G", description: "go to the bottom" }),
  binding({ action: "list.toggle", scope: "list", keys: ["return"], label: "Enter", description: "expand / collapse subtasks; on a task without subtasks, open its detail" }),
  binding({ action: "list.expand", scope: "list", keys: ["l", "right"], label: "l", description: "expand subtasks" }),
  binding({ action: "list.collapse", scope: "list", keys: ["h", "left"], label: "h", description: "collapse, or go to the parent" }),
  binding({ action: "list.visual", scope: "list", keys: ["v"], label: "v", description: "visual mode: select several tasks", hint: "select" }),
  binding({ action: "list.agentPlan", scope: "list", keys: ["P"], label: "P", description: "the agent's plan: every task with its state, retries and artifact" }),

  binding({ action: "detail.down", scope: "detail", keys: ["j", "down"], label: "j/↓", description: "scroll the detail down", hint: "scroll" }),
  binding({ action: "detail.up", scope: "detail", keys: ["k", "up"], label: "k/↑", description: "scroll the detail up" }),
  binding({ action: "detail.pageDown", scope: "detail", keys: ["pagedown", "ctrl+d"], label: "PgDn/Ctrl+D", description: "scroll the detail a page down" }),
  binding({ action: "detail.pageUp", scope: "detail", keys: ["pageup", "ctrl+u"], label: "PgUp/Ctrl+U", description: "scroll the detail a page up" }),

  binding({ action: "board.left", scope: "board", keys: ["h", "left"], label: "h", description: "previous column", hint: "column" }),
  binding({ action: "board.right", scope: "board", keys: ["l", "right"], label: "l", description: "next column" }),
  binding({ action: "board.down", scope: "board", keys: ["j", "down"], label: "j/↓", description: "next task in the column" }),
  binding({ action: "board.up", scope: "board", keys: ["k", "up"], label: "k/↑", description: "previous task in the column" }),
  binding({ action: "board.top", scope: "board", keys: ["g"], label: "g", description: "first task in the column" }),
  binding({ action: "board.bottom", scope: "board", keys: ["G"], label: "G", description: "last task in the column" }),
  binding({ action: "board.pageDown", scope: "board", keys: ["pagedown", "ctrl+d"], label: "PgDn/Ctrl+D", description: "a page down the column" }),
  binding({ action: "board.pageUp", scope: "board", keys: ["pageup", "ctrl+u"], label: "PgUp/Ctrl+U", description: "a page up the column" }),
  binding({ action: "board.moveLeft", scope: "board", keys: ["H"], label: "H", description: "move the task to the previous column", hint: "move task", mutates: true }),
  binding({ action: "board.moveRight", scope: "board", keys: ["L"], label: "L", description: "move the task to the next column", mutates: true }),

  binding({ action: "calendar.prevDay", scope: "calendar", keys: ["h", "left"], label: "h", description: "previous day", hint: "day" }),
  binding({ action: "calendar.nextDay", scope: "calendar", keys: ["l", "right"], label: "l", description: "next day" }),
  binding({ action: "calendar.nextWeek", scope: "calendar", keys: ["j", "down"], label: "j", description: "next week", hint: "week" }),
  binding({ action: "calendar.prevWeek", scope: "calendar", keys: ["k", "up"], label: "k", description: "previous week" }),
  binding({ action: "calendar.prevMonth", scope: "calendar", keys: ["H", "pageup", "ctrl+u"], label: "H/PgUp", description: "previous month" }),
  binding({ action: "calendar.nextMonth", scope: "calendar", keys: ["L", "pagedown", "ctrl+d"], label: "L/PgDn", description: "next month", hint: "month" }),
  binding({ action: "calendar.today", scope: "calendar", keys: ["t"], label: "t", description: "go to today", hint: "today" }),

  binding({ action: "day.down", scope: "day", keys: ["j", "down"], label: "j/↓", description: "next task of the day", hint: "move" }),
  binding({ action: "day.up", scope: "day", keys: ["k", "up"], label: "k/↑", description: "previous task of the day" }),
  binding({ action: "day.pageDown", scope: "day", keys: ["pagedown", "ctrl+d"], label: "PgDn/Ctrl+D", description: "a page down the day's tasks" }),
  binding({ action: "day.pageUp", scope: "day", keys: ["pageup", "ctrl+u"], label: "PgUp/Ctrl+U", description: "a page up the day's tasks" }),

  binding({ action: "monitor.down", scope: "monitor", keys: ["j", "down"], label: "j/↓", description: "next C64 task", hint: "move" }),
  binding({ action: "monitor.up", scope: "monitor", keys: ["k", "up"], label: "k/↑", description: "previous C64 task" }),
  binding({ action: "monitor.nextWaiting", scope: "monitor", keys: ["w"], label: "w", description: "jump to the next agent session that needs input (with the event and time its status came from)" }),
  binding({ action: "monitor.pageDown", scope: "monitor", keys: ["pagedown", "ctrl+d"], label: "PgDn/Ctrl+D", description: "a page down the C64 tasks" }),
  binding({ action: "monitor.pageUp", scope: "monitor", keys: ["pageup", "ctrl+u"], label: "PgUp/Ctrl+U", description: "a page up the C64 tasks" }),
  binding({ action: "monitor.plan", scope: "monitor", keys: ["P"], label: "P", description: "the agent's plan: every task with its state, retries and artifact", hint: "plan" }),
  binding({ action: "monitor.c64Sample", scope: "monitor", keys: ["return"], label: "Enter", description: "latest sample: hex + PETSCII, and a larger graph", hint: "sample" }),
  binding({ action: "monitor.c64Metric", scope: "monitor", keys: ["m"], label: "m", description: "sparkline metric: changed bytes → a byte → the mean", hint: "metric" }),
  binding({ action: "monitor.c64Byte", scope: "monitor", keys: ["o"], label: "o", description: "choose the byte (offset) the byte metric shows" }),
  binding({ action: "monitor.c64Start", scope: "monitor", keys: ["n"], label: "n", description: "start a background read of C64 memory", hint: "new read" }),
  binding({ action: "agents.down", scope: "agents", keys: ["j", "down"], label: "j/↓", description: "next agent", hint: "move" }),
  binding({ action: "agents.up", scope: "agents", keys: ["k", "up"], label: "k/↑", description: "previous agent" }),
  binding({ action: "agents.context", scope: "agents", keys: ["return"], label: "Enter", description: "the agent's restored working context", hint: "context" }),
  binding({ action: "monitor.c64Stop", scope: "monitor", keys: ["x"], label: "x", description: "stop the selected C64 task (asks first)", hint: "stop" }),

  binding({ action: "task.toggleDone", scope: "task", keys: ["d"], label: "d", description: "toggle done", hint: "done", mutates: true }),
  binding({ action: "task.edit", scope: "task", keys: ["e"], label: "e", description: "edit the task", hint: "edit", mutates: true }),
  binding({ action: "task.addSubtask", scope: "task", keys: ["A"], label: "A", description: "add a subtask", mutates: true }),
  binding({ action: "task.delete", scope: "task", keys: ["x"], label: "x", description: "delete (asks first)", hint: "delete", mutates: true }),
  binding({ action: "task.priority", scope: "task", keys: ["!"], label: "!", description: "set the priority", mutates: true }),
  binding({ action: "task.project", scope: "task", keys: ["p"], label: "p", description: "set the project (or create one)", mutates: true }),
  binding({ action: "task.tags", scope: "task", keys: ["t"], label: "t", description: "set tags (or create one)", mutates: true }),
  binding({ action: "task.due", scope: "task", keys: ["D"], label: "D", description: "set the due date", mutates: true }),
  binding({ action: "task.timer", scope: "task", keys: ["T"], label: "T", description: "start / stop the timer", mutates: true }),
  binding({ action: "task.note", scope: "task", keys: ["n"], label: "n", description: "add a note", mutates: true }),

  binding({ action: "global.add", scope: "global", keys: ["a"], label: "a", description: "add a task (on the selected day in the calendar)", hint: "add", mutates: true }),
  binding({ action: "global.search", scope: "global", keys: ["/"], label: "/", description: "search", hint: "search" }),
  binding({ action: "global.filter", scope: "global", keys: ["f"], label: "f", description: "cycle the status filter" }),
  binding({ action: "global.sort", scope: "global", keys: ["s"], label: "s", description: "cycle the sort order" }),
  binding({ action: "global.undo", scope: "global", keys: ["u"], label: "u", description: "undo", mutates: true }),
  binding({ action: "global.redo", scope: "global", keys: ["ctrl+r"], label: "Ctrl+R", description: "redo", mutates: true }),
  binding({ action: "global.nextPane", scope: "global", keys: ["tab"], label: "Tab", description: "next pane" }),
  binding({ action: "global.viewList", scope: "global", keys: ["1"], label: "1", description: "List view" }),
  binding({ action: "global.viewBoard", scope: "global", keys: ["2"], label: "2", description: "Board view" }),
  binding({ action: "global.viewCalendar", scope: "global", keys: ["3"], label: "3", description: "Calendar view" }),
  binding({ action: "global.viewMonitor", scope: "global", keys: ["4"], label: "4", description: "Monitor view" }),
  binding({ action: "global.escape", scope: "global", keys: ["escape"], label: "Esc", description: "dismiss the toasts; else clear the search and the filter" }),
  binding({ action: "global.sync", scope: "global", keys: ["S"], label: "S", description: "sync the list through git now (tsk sync; set up with tsk sync init)" }),
  binding({ action: "global.conflicts", scope: "global", keys: ["C"], label: "C", description: "conflicts: what merges set aside, with both values (tsk conflicts)" }),
  binding({ action: "global.messages", scope: "global", keys: ["M"], label: "M", description: "message log: the last 50 toasts, newest first" }),
  binding({ action: "global.palette", scope: "global", keys: [":"], label: ":", description: "command palette: every action with its key", hint: "commands" }),
  binding({ action: "global.help", scope: "global", keys: ["?"], label: "?", description: "help: every key, this view's first; / searches", hint: "help" }),
  binding({ action: "global.quit", scope: "global", keys: ["q"], label: "q", description: "quit (finishes pending writes)", hint: "quit" }),
] as const satisfies readonly KeyBinding[]

export type ActionId = (typeof KEYMAP)[number]["action"]

/** The binding a key press selects in the active scopes, or null. */
export function findBinding(token: string, scopes: readonly Scope[], typing: boolean): KeyBinding | null {
  if (typing && isCharacterToken(token)) return null
  for (const scope of scopes) {
    for (const b of KEYMAP) if (b.scope === scope && (b.keys as readonly string[]).includes(token)) return b
  }
  return null
}

export interface KeyHint {
  action: string
  label: string
  hint: string
}

/** Status-bar hints for the active scopes, in scope order, a key shadowed by an earlier scope left out. */
export function hintsFor(scopes: readonly Scope[]): KeyHint[] {
  const seen = new Set<string>()
  const hints: KeyHint[] = []
  for (const scope of scopes) {
    for (const b of KEYMAP as readonly KeyBinding[]) {
      if (b.scope !== scope) continue
      const shadowed = b.keys.every((k) => seen.has(k))
      if (b.hint && !shadowed) hints.push({ action: b.action, label: hintLabel(b), hint: b.hint })
      for (const k of b.keys) seen.add(k)
    }
  }
  return hints
}

/** `j/k` for a move pair, otherwise the binding's label. */
function hintLabel(b: KeyBinding): string {
  const pair = PAIRED_HINTS[b.action]
  return pair ?? b.label
}

const PAIRED_HINTS: Record<string, string> = {
  "list.down": "j/k",
  "detail.down": "j/k",
  "board.left": "h/l",
  "board.moveLeft": "H/L",
  "calendar.prevDay": "h/l",
  "calendar.nextWeek": "j/k",
  "calendar.nextMonth": "H/L",
  "day.down": "j/k",
  "monitor.down": "j/k",
  "agents.down": "j/k",
  "requests.down": "j/k",
}

export interface HelpSection {
  title: string
  rows: { label: string; description: string }[]
}

export const HELP_ORDER: readonly Scope[] = ["global", "task", "list", "visual", "detail", "board", "calendar", "day", "monitor", "agents", "approvals", "requests", "dialog", "app"]

/** Every binding, grouped by scope, for the help dialog; `first` (the current view's scopes) leads. */
export function helpSections(first: readonly Scope[] = []): HelpSection[] {
  const lead: Scope[] = first.filter((scope) => scope !== "app" && scope !== "global")
  const order = [...lead, ...HELP_ORDER.filter((scope) => !lead.includes(scope))]
  return order.map((scope) => ({
    title: SCOPE_TITLES[scope],
    rows: (KEYMAP as readonly KeyBinding[]).filter((b) => b.scope === scope).map((b) => ({ label: b.label, description: b.description })),
  }))
}

/** How the key of `action` is written ("Enter", "Esc"), for hints inside dialogs. */
export function labelOf(action: ActionId): string {
  return (KEYMAP as readonly KeyBinding[]).find((b) => b.action === action)?.label ?? action
}

/** "Enter save · Esc cancel" from (action, verb) pairs. */
export function hintLine(pairs: readonly (readonly [ActionId, string])[]): string {
  return ` ${pairs.map(([action, verb]) => `${labelOf(action)} ${verb}`).join(" · ")}`
}
