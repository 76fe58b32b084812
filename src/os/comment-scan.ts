// Separating a source file's comments from its code, per comment syntax, with string literals
// skipped: a word inside a string is never taken for an annotation. The code comes back with
// comments and string contents blanked (line breaks kept), for finding function bodies.
import { extensionOf, fileKind } from "./artifact-types.ts"

export interface Comment {
  /** 0-based lines the comment starts and ends on. */
  start: number
  end: number
  /** Its text, one entry a line, markers removed and trimmed. */
  lines: string[]
}

export interface ScannedSource {
  comments: Comment[]
  /** The file with comments and string contents replaced by spaces. */
  code: string
  /** The 0-based line of the first code (not comment, not blank, not a shebang); Infinity when none. */
  firstCodeLine: number
}

interface Syntax {
  line: readonly string[]
  block: ReadonlyArray<readonly [string, string]>
  quotes: readonly string[]
  /** Python: a triple-quoted string standing as a statement is a docstring, read as a comment. */
  docstrings?: boolean
}

const C_LIKE: Syntax = { line: ["//"], block: [["/*", "*/"]], quotes: ['"', "'", "`"] }
const SYNTAXES: Record<string, Syntax> = {
  hash: { line: ["#"], block: [], quotes: ['"', "'"] },
  python: { line: ["#"], block: [], quotes: ['"', "'"], docstrings: true },
  dash: { line: ["--"], block: [["--[[", "]]"], ["{-", "-}"], ["/*", "*/"]], quotes: ['"', "'"] },
  semicolon: { line: [";", "#"], block: [], quotes: ['"'] },
  php: { line: ["//", "#"], block: [["/*", "*/"]], quotes: ['"', "'"] },
  markup: { line: [], block: [["<!--", "-->"]], quotes: [] },
  cLike: C_LIKE,
}
const BY_EXTENSION: Record<string, keyof typeof SYNTAXES> = {
  py: "python",
  ...Object.fromEntries("rb sh bash zsh pl r yaml yml toml conf env properties cfg ps1".split(" ").map((ext) => [ext, "hash" as const])),
  ...Object.fromEntries("sql lua hs".split(" ").map((ext) => [ext, "dash" as const])),
  ...Object.fromEntries("asm s ini".split(" ").map((ext) => [ext, "semicolon" as const])),
  php: "php",
  ...Object.fromEntries("md markdown html htm xml svg".split(" ").map((ext) => [ext, "markup" as const])),
}

export function syntaxFor(path: string): Syntax {
  const name = BY_EXTENSION[extensionOf(path)]
  if (name) return SYNTAXES[name]!
  return fileKind(path) === "code" && /(^|[\\/])(Makefile|Dockerfile)$/.test(path) ? SYNTAXES.hash! : C_LIKE
}

const strip = (text: string) => text.replace(/^[\s*/#;!-]*/, "").replace(/(\*\/|-->|-}|\]\])\s*$/, "").trim()

/** Split `content` into comments and blanked code, following `syntax`. */
export function scanSource(content: string, syntax: Syntax): ScannedSource {
  const comments: Comment[] = []
  const code: string[] = []
  let line = 0
  let firstCodeLine = Number.POSITIVE_INFINITY
  let i = content.startsWith("#!") ? content.indexOf("\n") : 0
  if (i < 0) i = content.length
  if (i > 0) code.push(" ".repeat(i))
  const blankUntil = (end: number) => {
    const piece = content.slice(i, end)
    code.push(piece.replace(/[^\n]/g, " "))
    const startLine = line
    line += piece.split("\n").length - 1
    i = end
    return { startLine, piece }
  }
  const lineStart = () => content.lastIndexOf("\n", i - 1) + 1
  while (i < content.length) {
    const ch = content[i]!
    if (ch === "\n") {
      code.push(ch)
      line++
      i++
      continue
    }
    const block = syntax.block.find(([open]) => content.startsWith(open, i))
    if (block) {
      const close = content.indexOf(block[1], i + block[0].length)
      const { startLine, piece } = blankUntil(close < 0 ? content.length : close + block[1].length)
      comments.push({ start: startLine, end: line, lines: piece.slice(block[0].length).split("\n").map(strip) })
      continue
    }
    const lineMarker = syntax.line.find((marker) => content.startsWith(marker, i))
    if (lineMarker) {
      const end = content.indexOf("\n", i)
      const { startLine, piece } = blankUntil(end < 0 ? content.length : end)
      const text = strip(piece.slice(lineMarker.length))
      const previous = comments.at(-1)
      // Consecutive line comments read as one comment.
      if (previous && previous.end === startLine - 1 && previous.lines.length === previous.end - previous.start + 1) {
        previous.end = startLine
        previous.lines.push(text)
      } else comments.push({ start: startLine, end: startLine, lines: [text] })
      continue
    }
    const triple = syntax.docstrings ? ['"""', "'''"].find((q) => content.startsWith(q, i)) : undefined
    if (triple) {
      const close = content.indexOf(triple, i + 3)
      const statement = content.slice(lineStart(), i).trim() === ""
      const { startLine, piece } = blankUntil(close < 0 ? content.length : close + 3)
      if (statement) comments.push({ start: startLine, end: line, lines: piece.slice(3, -3).split("\n").map(strip) })
      else firstCodeLine = Math.min(firstCodeLine, startLine)
      continue
    }
    if (!/\s/.test(ch)) firstCodeLine = Math.min(firstCodeLine, line)
    if (syntax.quotes.includes(ch)) {
      let end = i + 1
      while (end < content.length && content[end] !== ch && (ch === "`" || content[end] !== "\n")) end += content[end] === "\\" ? 2 : 1
      code.push(ch)
      i++
      blankUntil(Math.min(end, content.length))
      if (i < content.length && content[i] === ch) {
        code.push(ch)
        i++
      }
      continue
    }
    code.push(ch)
    i++
  }
  return { comments, code: code.join(""), firstCodeLine }
}
