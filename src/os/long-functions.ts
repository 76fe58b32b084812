// The specification's "logic explanation for complex blocks", made checkable: a function longer
// than LONG_FUNCTION_LINES lines needs a comment, inside it or in the lines just above it.
import type { Comment } from "./comment-scan.ts"

export const LONG_FUNCTION_LINES = 30
/** A comment this many lines above a function still explains it (a doc comment, decorators). */
const ABOVE = 3

export interface FunctionSpan {
  name: string
  start: number
  end: number
}

const CONTROL = /^(else\s+)?(if|for|while|switch|catch|with|do|try|finally|else|return|class|interface|enum|namespace|module|struct|impl|trait|type)\b/

/** Functions in blanked brace-language code: a `{` after `function`, `=>` or a parameter list. */
export function braceFunctions(code: string): FunctionSpan[] {
  const lineOf = lineFinder(code)
  const spans: FunctionSpan[] = []
  const open: Array<{ index: number; fn: string | null }> = []
  let headerStart = 0
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]
    if (ch === "{") {
      const header = code.slice(headerStart, i).replace(/\s+/g, " ").trim()
      const isFunction = /\bfunction\b/.test(header) || /=>$/.test(header) || (/\)\s*(:[^=;{}()]*)?$/.test(header) && !CONTROL.test(header))
      open.push({ index: i, fn: isFunction ? (/([A-Za-z_$][\w$]*)\s*(=\s*(async\s*)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*(:[^=]*)?=>|\()/.exec(header)?.[1] ?? "function") : null })
      headerStart = i + 1
    } else if (ch === "}") {
      const block = open.pop()
      if (block?.fn) spans.push({ name: block.fn, start: lineOf(startOfHeader(code, block.index)), end: lineOf(i) })
      headerStart = i + 1
    } else if (ch === ";") headerStart = i + 1
  }
  return spans
}

/** Python `def` bodies: every following line indented deeper (or blank). */
export function indentedFunctions(code: string): FunctionSpan[] {
  const lines = code.split("\n")
  const spans: FunctionSpan[] = []
  const indent = (text: string) => text.length - text.trimStart().length
  lines.forEach((text, start) => {
    const match = /^(\s*)(async\s+)?def\s+([A-Za-z_]\w*)/.exec(text)
    if (!match) return
    let end = start
    for (let next = start + 1; next < lines.length; next++) {
      if (lines[next]!.trim() === "") continue
      if (indent(lines[next]!) <= match[1]!.length) break
      end = next
    }
    spans.push({ name: match[3]!, start, end })
  })
  return spans
}

function startOfHeader(code: string, braceIndex: number): number {
  let i = braceIndex - 1
  while (i > 0 && !";{}".includes(code[i]!)) i--
  while (i < braceIndex && /[\s;{}]/.test(code[i]!)) i++
  return i
}

/** index → 0-based line, by binary search over the line starts. */
function lineFinder(code: string): (index: number) => number {
  const starts = [0]
  for (let i = 0; i < code.length; i++) if (code[i] === "\n") starts.push(i + 1)
  return (index) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (starts[mid]! <= index) low = mid
      else high = mid - 1
    }
    return low
  }
}

/** The long functions with no explaining comment (`explains` filters out pragmas and tags). */
export function unexplainedLongFunctions(spans: FunctionSpan[], comments: Comment[], explains: (comment: Comment) => boolean): FunctionSpan[] {
  return spans.filter((span) => {
    if (span.end - span.start + 1 <= LONG_FUNCTION_LINES) return false
    return !comments.some((comment) => comment.end >= span.start - ABOVE && comment.start <= span.end && explains(comment))
  })
}
