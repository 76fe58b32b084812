// `tsk agent snippet`: a CLAUDE.md / AGENTS.md section that teaches an agent tsk's CLI and bridge.
// Every example here is run by the tests, so the snippet stays true.
import { homedir } from "node:os"

/** `~/.tsk` rather than `/home/me/.tsk`, so the section can be committed. */
export function displayHome(home: string): string {
  const user = homedir()
  return home === user || home.startsWith(`${user}/`) ? `~${home.slice(user.length)}` : home
}

export function agentSnippet(home: string): string {
  const h = displayHome(home)
  // In shell examples `~` would not expand inside quotes.
  const sh = h.startsWith("~") ? `$HOME${h.slice(1)}` : h
  const fence = "```"
  return [
    "## Task tracking with tsk",
    "",
    "This project tracks work in `tsk`. Record what you plan, start and finish there; the human sees it live.",
    "",
    "### CLI",
    "Every command accepts `--json` (machine-readable output; errors are JSON too: `{\"error\": {\"kind\", \"message\"}}`).",
    "Exit codes: 0 ok, 1 error, 2 not found, 3 ambiguous id, 4 invalid input.",
    "Ids: pass the full id or any unique prefix (tsk shows the first 8 characters).",
    "",
    `${fence}bash`,
    'tsk add "Fix login bug" -p high -P web -t auth --json   # the created task as JSON (use its "id")',
    "tsk list --json                                         # open tasks (add --all for done/archived)",
    "tsk list --status todo,in_progress --project web --json",
    "tsk show a1b2 --json                                    # one task, with subtaskIds and progress",
    'tsk add "Write a regression test" --parent a1b2          # a subtask (3 levels at most)',
    "tsk start a1b2                                          # in progress",
    'tsk note a1b2 "Root cause: the session cookie expired"',
    "tsk done a1b2",
    fence,
    "",
    "### Agent bridge (files)",
    `Commands go into \`${h}/agent-inbox.d/\`, one JSON file each: write it elsewhere, flush it to disk`,
    `(\`sync FILE\`), then rename it in (\`mv\` within the same disk) and flush the folder (\`sync FOLDER\`), so tsk`,
    "never reads half a file and a power cut never leaves an empty command behind. Files are processed in name order.",
    `Answers are appended to \`${h}/agent-outbox.json\` (a JSON array, the last 100 kept):`,
    '`{"commandId": "<your id>", "status": "ok" | "error", "data": ..., "error": "...", "timestamp": "..."}`.',
    "A command id is executed once: sending the same id again returns the first answer without running it again.",
    "The bridge answers within a poll interval (2 s by default) while a runner is up (`tsk agent start`, `tsk serve`",
    "or the TUI); `tsk agent send` works without one.",
    "",
    `${fence}bash`,
    'id="fix-login-$(date +%s%N)"                      # any unique string',
    `mkdir -p "${sh}/agent-inbox.d"`,
    `printf '{"id":"%s","source":"claude-code","command":"create","payload":{"title":"Fix login bug","priority":"high"}}' "$id" > "${sh}/.cmd-$id.tmp"`,
    `sync "${sh}/.cmd-$id.tmp"                              # the content on disk before the rename`,
    `mv "${sh}/.cmd-$id.tmp" "${sh}/agent-inbox.d/$(date +%s%N)-$id.json"`,
    `sync "${sh}/agent-inbox.d"                             # the rename on disk too`,
    fence,
    "",
    "Or let tsk fill in id, timestamp and source, write the command durably and wait for the answer (up to 5 s):",
    "",
    `${fence}bash`,
    `tsk agent send '{"command":"create","payload":{"title":"Fix login bug","priority":"high","tags":["auth"]}}'`,
    `tsk agent send '{"command":"query","payload":{"status":["todo","in_progress"],"search":"login"}}' --json`,
    `tsk agent send '{"command":"complete","payload":{"taskId":"a1b2"}}'`,
    fence,
    "",
    "Commands and payloads (`?` optional; `taskId` takes a unique prefix; dates are YYYY-MM-DD, today, tomorrow or +3d):",
    "",
    "| command | payload |",
    "|---|---|",
    "| `create` | `{ title, description?, priority?, project?, tags?, dueDate? }` |",
    "| `create-subtask` | `{ parentId, title, description?, priority? }` |",
    "| `bulk-create` | `{ tasks: [{ title, priority?, project?, tags?, dueDate? }] }` |",
    "| `update` | `{ taskId, title?, description?, priority?, status?, project?, tags?, dueDate? }` |",
    "| `complete`, `uncomplete`, `delete`, `show`, `start-timer`, `stop-timer` | `{ taskId }` |",
    "| `query` | `{ status?, priority?, project?, tag?, search?, due?, all?, limit? }` (status/priority: one or a list) |",
    "| `list` | `{ all?, limit? }` |",
    "| `add-note` | `{ taskId, content }` |",
    "| `list-projects`, `list-tags`, `stats` | `{}` |",
    "",
    "Priorities: none, low, medium, high, urgent. Statuses: todo, in_progress, done, archived.",
    "`c64-*` and `os-*` commands exist too (`tsk c64 --help`, `tsk os --help`).",
  ].join("\n")
}
