// Quick add: fields written inside a task's title. `Call mom due:fri +family @home !high` is the
// title "Call mom", due next Friday, tagged family, in project home, priority high. A token is a
// whole word: `due:<date>` (any date parseDateInput takes), `+tag`, `@project`, `!low`,
// `!medium`, `!high`, `!urgent`. A backslash before a token keeps it in the title as typed
// (`\+1` is the title word "+1"). One parser for the TUI's add dialog and `tsk add --quick`.
import { parseDateInput } from "./local-date.ts"
import type { Priority } from "./task.ts"

export type QuickTokenKind = "due" | "tag" | "project" | "priority"

export interface QuickToken {
  kind: QuickTokenKind
  /** The word as typed. */
  text: string
  /** The value it sets: a date, a tag, a project or a priority. */
  value: string
}

export interface QuickAdd {
  title: string
  tags: string[]
  project: string | null
  priority: Priority | null
  dueDate: string | null
  tokens: QuickToken[]
  /** Why a token could not be read (a due date that is not a date), or null. */
  error: string | null
}

const QUICK_PRIORITIES = ["low", "medium", "high", "urgent"] as const
const NAME = /^[\p{L}\p{N}_][\p{L}\p{N}_\-./]*$/u

function tokenOf(word: string): Omit<QuickToken, "value"> & { raw: string } | null {
  if (word.startsWith("due:") && word.length > 4) return { kind: "due", text: word, raw: word.slice(4) }
  if (word.startsWith("+") && NAME.test(word.slice(1))) return { kind: "tag", text: word, raw: word.slice(1) }
  if (word.startsWith("@") && NAME.test(word.slice(1))) return { kind: "project", text: word, raw: word.slice(1) }
  if (word.startsWith("!") && (QUICK_PRIORITIES as readonly string[]).includes(word.slice(1).toLowerCase())) return { kind: "priority", text: word, raw: word.slice(1).toLowerCase() }
  return null
}

/** Read the quick-add tokens out of `text`; `today` (YYYY-MM-DD) anchors relative due dates. */
export function parseQuickAdd(text: string, today: string): QuickAdd {
  const words: string[] = []
  const tokens: QuickToken[] = []
  const tags: string[] = []
  let project: string | null = null
  let priority: Priority | null = null
  let dueDate: string | null = null
  let error: string | null = null
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (word.startsWith("\\") && tokenOf(word.slice(1))) {
      words.push(word.slice(1))
      continue
    }
    const token = tokenOf(word)
    if (!token) {
      words.push(word)
      continue
    }
    let value = token.raw
    switch (token.kind) {
      case "due":
        try {
          value = parseDateInput(token.raw, today)
          dueDate = value
        } catch (e) {
          error = e instanceof Error ? e.message : String(e)
          continue
        }
        break
      case "tag":
        if (!tags.includes(value)) tags.push(value)
        break
      case "project":
        project = value
        break
      case "priority":
        priority = value as Priority
        break
    }
    tokens.push({ kind: token.kind, text: token.text, value })
  }
  return { title: words.join(" "), tags, project, priority, dueDate, tokens, error }
}

/** What the tokens set, for the line under the title field: "due 2026-03-13 · #family · @home · !high". */
export function describeQuickAdd(quick: QuickAdd): string {
  const parts: string[] = []
  if (quick.dueDate) parts.push(`due ${quick.dueDate}`)
  for (const tag of quick.tags) parts.push(`#${tag}`)
  if (quick.project) parts.push(`@${quick.project}`)
  if (quick.priority) parts.push(`!${quick.priority}`)
  return parts.join(" · ")
}
