// VALIDATE's annotation rules for code, config and doc artifacts: the file must state its purpose
// (a `Purpose:` line, or a leading comment block), carry a `Depends on: [ids]` line listing the
// artifact's dependencies, and an `Issue: <id>` tag for every active issue linked to it.
import { readFile, stat } from "node:fs/promises"
import { isAbsolute, join } from "node:path"

export const ANNOTATED_TYPES: ReadonlySet<string> = new Set(["code", "config", "doc"])
const MAX_BYTES = 2 * 1024 * 1024

export const requiresAnnotations = (type: string) => ANNOTATED_TYPES.has(type.trim().toLowerCase())

export interface AnnotationRules {
  dep: readonly string[]
  activeIssues: readonly string[]
  /** Markdown files take only `<!-- -->` comments (a `#` line there is a heading). */
  markdown?: boolean
}

const TAG_LINE = /^(Depends on|Dependents|Used by|Issue)\s*:/i
const COMMENT_START = /^(\/\/+|#+|\/\*+|\*+\/?|<!--|--|;+|"""|''')/
const BLOCK_CLOSERS: Record<string, string> = { "/*": "*/", "<!--": "-->", '"""': '"""', "'''": "'''" }

const stripComment = (line: string) =>
  line.replace(COMMENT_START, "").replace(/(\*\/|-->|"""|''')\s*$/, "").trim()

/** The text of the comment lines that open the file (after a shebang and blank lines). */
function leadingCommentText(lines: string[], markdown: boolean): string[] {
  const texts: string[] = []
  let index = lines[0]?.startsWith("#!") ? 1 : 0
  while (index < lines.length && lines[index]!.trim() === "") index++
  let closer: string | null = null
  for (; index < lines.length; index++) {
    const line = lines[index]!.trim()
    if (closer === null) {
      if (markdown ? !line.startsWith("<!--") : !COMMENT_START.test(line)) break
      const opener = /^(\/\*|<!--|"""|''')/.exec(line)?.[1]
      if (opener && !line.slice(opener.length).includes(BLOCK_CLOSERS[opener]!)) closer = BLOCK_CLOSERS[opener]!
    } else if (line.includes(closer)) {
      closer = null
    }
    texts.push(stripComment(line))
  }
  return texts
}

function hasPurpose(content: string, lines: string[], markdown: boolean): boolean {
  if (/\bPurpose\s*:\s*\S/i.test(content)) return true
  return leadingCommentText(lines, markdown).some((text) => /[A-Za-z]{2,}/.test(text) && !TAG_LINE.test(text))
}

function listedDependencies(content: string): string[] | null {
  const match = /Depends on\s*:\s*(\[[^\]]*\]|none\b)/i.exec(content)
  if (!match) return null
  if (match[1]!.toLowerCase() === "none") return []
  return match[1]!
    .slice(1, -1)
    .split(/[\s,]+/)
    .map((id) => id.replace(/^["'`]|["'`]$/g, ""))
    .filter((id) => id.length > 0)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The reasons a file's content breaks the annotation rules (empty when it follows them). */
export function checkAnnotations(content: string, rules: AnnotationRules): string[] {
  const lines = content.split(/\r?\n/)
  const reasons: string[] = []
  if (!hasPurpose(content, lines, rules.markdown ?? false)) {
    reasons.push("no purpose statement (a 'Purpose:' line or an opening comment)")
  }
  const listed = listedDependencies(content)
  if (listed === null) {
    const expected = rules.dep.length > 0 ? rules.dep.join(", ") : ""
    reasons.push(`no 'Depends on: [${expected}]' line`)
  } else {
    const missing = rules.dep.filter((id) => !listed.includes(id))
    if (missing.length > 0) reasons.push(`'Depends on' does not list ${missing.join(", ")}`)
  }
  for (const issueId of rules.activeIssues) {
    if (!new RegExp(`Issue\\s*:\\s*${escapeRegExp(issueId)}(?![A-Za-z0-9_.-])`).test(content)) {
      reasons.push(`no 'Issue: ${issueId}' tag for active issue ${issueId}`)
    }
  }
  return reasons
}

export interface FileValidation {
  ok: boolean
  reasons: string[]
  /** False when the artifact's type needs no annotations (the file is not read). */
  checked: boolean
}

export function resolveArtifactPath(loc: string, workspaceRoot: string): string {
  return isAbsolute(loc) ? loc : join(workspaceRoot, loc)
}

/** Read the artifact's file and apply the rules for its type. */
export async function validateArtifactFile(
  artifact: { loc: string; type: string; dep: readonly string[] },
  activeIssues: readonly string[],
  workspaceRoot: string,
): Promise<FileValidation> {
  if (!requiresAnnotations(artifact.type)) return { ok: true, reasons: [], checked: false }
  const path = resolveArtifactPath(artifact.loc, workspaceRoot)
  const info = await stat(path).catch(() => null)
  if (!info) return { ok: false, reasons: [`artifact file not found: ${artifact.loc}`], checked: true }
  if (!info.isFile()) return { ok: false, reasons: [`artifact location is not a file: ${artifact.loc}`], checked: true }
  if (info.size > MAX_BYTES) return { ok: false, reasons: [`artifact file is larger than 2 MiB: ${artifact.loc}`], checked: true }
  const content = await readFile(path, "utf8")
  const markdown = /\.(md|markdown)$/i.test(path)
  const reasons = checkAnnotations(content, { dep: artifact.dep, activeIssues, markdown })
  return { ok: reasons.length === 0, reasons, checked: true }
}
