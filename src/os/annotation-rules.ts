// VALIDATE's annotation rules on a file's text (pure): a purpose statement, a `Depends on: [ids]`
// line listing the artifact's dependencies, an `Issue: <id>` tag for every active linked issue, and
// a comment on every long function. Annotations are read from comments only (per the file's comment
// syntax), never from string literals; a lint pragma or an encoding line is not a purpose. Markdown
// and plain-text docs are prose throughout; a JSON file carries its annotations in a top-level
// `$comment` (a string or an array of strings) or in a sidecar `<file>.md` next to it.
import { fileKind, type FileKind } from "./artifact-types.ts"
import { scanSource, syntaxFor, type Comment } from "./comment-scan.ts"
import { braceFunctions, indentedFunctions, LONG_FUNCTION_LINES, unexplainedLongFunctions } from "./long-functions.ts"

export interface AnnotationRules {
  dep: readonly string[]
  activeIssues: readonly string[]
}

export interface AnnotatedText {
  /** The file's path or name: its extension picks the comment syntax. */
  path: string
  content: string
  /** The text of a JSON file's sidecar, when there is one. */
  sidecar?: string | null
}

const TAG_LINE = /^(Depends on|Dependents|Used by|Issue)\s*:/i
/** Tool directives and encoding lines that may open a file but say nothing about its purpose. */
const PRAGMA =
  /^(eslint\b|eslint-|global\b|globals\b|jshint|jslint|tslint|prettier-ignore|biome-ignore|deno-(lint|fmt)-ignore|istanbul\b|c8\b|v8\b|@ts-|@flow|@jsx|@refresh|<reference\b|#?(end)?region\b|pylint:|noqa|type:\s*ignore|mypy:|flake8|fmt:|isort:|pyright:|ruff:|nolint|clang-format|rubocop:|frozen_string_literal|shellcheck|markdownlint|vim?:|ex:|-\*-|(file)?(en)?coding[:=]|SPDX-License-Identifier|language=|cspell:|spell-checker:)/i
const PURPOSE_LINE = /^Purpose\s*:\s*\S/i
const HAS_WORDS = /[A-Za-z]{2,}/

const isProse = (text: string) => HAS_WORDS.test(text) && !TAG_LINE.test(text) && !PRAGMA.test(text)
const explains = (comment: Comment) => comment.lines.some(isProse)

interface Annotations {
  /** Every annotation line (comments, or the whole prose). */
  lines: string[]
  hasPurpose: boolean
  longFunctions: string[]
  /** What a missing purpose should say. */
  purposeHint: string
}

function fromSource(text: AnnotatedText, kind: FileKind): Annotations {
  const scanned = scanSource(text.content, syntaxFor(text.path))
  const lines = scanned.comments.flatMap((comment) => comment.lines)
  const leading = scanned.comments.filter((comment) => comment.start < scanned.firstCodeLine)
  const hasPurpose = lines.some((line) => PURPOSE_LINE.test(line)) || leading.some(explains)
  let longFunctions: string[] = []
  if (kind === "code") {
    const spans = /\.py$/i.test(text.path) ? indentedFunctions(scanned.code) : braceFunctions(scanned.code)
    // The file's opening comment states its purpose; it explains no function in particular.
    const opening = leading[0]
    const inner = scanned.comments.filter((comment) => comment !== opening)
    longFunctions = unexplainedLongFunctions(spans, inner, explains).map(
      (span) => `function ${span.name} (lines ${span.start + 1}-${span.end + 1}) is longer than ${LONG_FUNCTION_LINES} lines and has no comment explaining it`,
    )
  }
  return { lines, hasPurpose, longFunctions, purposeHint: "a 'Purpose:' line or an opening comment" }
}

function fromMarkdown(content: string): Annotations {
  const scanned = scanSource(content, syntaxFor("x.md"))
  const lines = content.split(/\r?\n/).map((line) => line.trim())
  const leading = scanned.comments.filter((comment) => comment.start < scanned.firstCodeLine)
  return { lines, hasPurpose: lines.some((line) => PURPOSE_LINE.test(line)) || leading.some(explains), longFunctions: [], purposeHint: "a 'Purpose:' line or an opening comment" }
}

function fromProse(content: string, hint: string): Annotations {
  const lines = content.split(/\r?\n/).map((line) => line.replace(/^[#>*\s-]+/, "").trim())
  const first = lines.find((line) => line.length > 0 && !/^[=~^"'`-]+$/.test(line))
  return { lines, hasPurpose: lines.some((line) => PURPOSE_LINE.test(line)) || (first !== undefined && isProse(first)), longFunctions: [], purposeHint: hint }
}

function fromJson(text: AnnotatedText): Annotations {
  const hint = "a top-level \"$comment\" or a sidecar file <name>.md"
  let comment: unknown
  try {
    comment = (JSON.parse(text.content) as { $comment?: unknown } | null)?.$comment
  } catch {
    return { lines: [], hasPurpose: false, longFunctions: [], purposeHint: `${hint}; the file is not valid JSON` }
  }
  const entries = typeof comment === "string" ? [comment] : Array.isArray(comment) ? comment.filter((entry): entry is string => typeof entry === "string") : []
  if (entries.length > 0) return fromProse(entries.join("\n"), hint)
  if (text.sidecar) return fromProse(text.sidecar, hint)
  return { lines: [], hasPurpose: false, longFunctions: [], purposeHint: hint }
}

function annotationsOf(text: AnnotatedText): Annotations {
  const kind = fileKind(text.path)
  if (kind === "json") return fromJson(text)
  if (kind === "markdown") return fromMarkdown(text.content)
  if (kind === "doc") return fromProse(text.content, "a 'Purpose:' line or an opening sentence")
  return fromSource(text, kind)
}

function listedDependencies(lines: readonly string[]): string[] | null {
  for (const line of lines) {
    const match = /Depends on\s*:\s*(\[[^\]]*\]|none\b)/i.exec(line)
    if (!match) continue
    if (match[1]!.toLowerCase() === "none") return []
    return match[1]!
      .slice(1, -1)
      .split(/[\s,]+/)
      .map((id) => id.replace(/^["'`]|["'`]$/g, ""))
      .filter((id) => id.length > 0)
  }
  return null
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The reasons a file's text breaks the annotation rules (empty when it follows them). */
export function checkAnnotations(text: AnnotatedText, rules: AnnotationRules): string[] {
  const found = annotationsOf(text)
  const reasons: string[] = []
  if (!found.hasPurpose) reasons.push(`no purpose statement (${found.purposeHint})`)
  const listed = listedDependencies(found.lines)
  if (listed === null) reasons.push(`no 'Depends on: [${rules.dep.join(", ")}]' line`)
  else {
    const missing = rules.dep.filter((id) => !listed.includes(id))
    if (missing.length > 0) reasons.push(`'Depends on' does not list ${missing.join(", ")}`)
  }
  for (const issueId of rules.activeIssues) {
    const tag = new RegExp(`Issue\\s*:\\s*${escapeRegExp(issueId)}(?![A-Za-z0-9_.-])`)
    if (!found.lines.some((line) => tag.test(line))) reasons.push(`no 'Issue: ${issueId}' tag for active issue ${issueId}`)
  }
  return [...reasons, ...found.longFunctions]
}
