// Operand expressions for the assembler: numbers ($hex, %binary, decimal), symbols, `*` (the
// current address), + - * / with the usual precedence, unary minus, and a leading < or > that takes
// the low or high byte of everything after it. No parentheses: in 6502 syntax they mean indirection.

/** What an expression can see: symbols defined so far and the address of the current line. */
export interface ExpressionScope {
  symbols: ReadonlyMap<string, number>
  pc: number
}

/** The value, or null when a symbol is not defined yet (fine in pass one, an error in pass two). */
export type ExpressionValue = number | null

const TOKEN = /\s*(\$[0-9a-fA-F]+|%[01]+|[0-9]+|[A-Za-z_][A-Za-z0-9_]*|[-+*/<>])/y

export function evaluateExpression(text: string, scope: ExpressionScope): ExpressionValue {
  const tokens = tokenize(text)
  let position = 0
  const peek = (): string | undefined => tokens[position]
  const next = (): string => {
    const token = tokens[position++]
    if (token === undefined) throw new SyntaxError(`incomplete expression "${text}"`)
    return token
  }

  const primary = (): ExpressionValue => {
    const token = next()
    if (token === "-") {
      const value = primary()
      return value === null ? null : -value
    }
    if (token === "*") return scope.pc
    if (token.startsWith("$")) return Number.parseInt(token.slice(1), 16)
    if (token.startsWith("%")) return Number.parseInt(token.slice(1), 2)
    if (/^[0-9]/.test(token)) return Number.parseInt(token, 10)
    if (/^[A-Za-z_]/.test(token)) return scope.symbols.get(token) ?? null
    throw new SyntaxError(`unexpected "${token}" in "${text}"`)
  }

  const product = (): ExpressionValue => {
    let value = primary()
    while (peek() === "*" || peek() === "/") {
      const operator = next()
      const right = primary()
      if (value === null || right === null) value = null
      else if (operator === "*") value = value * right
      else if (right === 0) throw new RangeError(`division by zero in "${text}"`)
      else value = Math.trunc(value / right)
    }
    return value
  }

  const sum = (): ExpressionValue => {
    let value = product()
    while (peek() === "+" || peek() === "-") {
      const operator = next()
      const right = product()
      value = value === null || right === null ? null : operator === "+" ? value + right : value - right
    }
    return value
  }

  let byteSelector: string | undefined
  if (peek() === "<" || peek() === ">") byteSelector = next()
  const value = sum()
  if (position !== tokens.length) throw new SyntaxError(`unexpected "${tokens[position]}" in "${text}"`)
  if (value === null || byteSelector === undefined) return value
  return byteSelector === "<" ? value & 0xff : (value >> 8) & 0xff
}

function tokenize(text: string): string[] {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  const trimmed = text.trim()
  while (TOKEN.lastIndex < trimmed.length) {
    const start = TOKEN.lastIndex
    const match = TOKEN.exec(trimmed)
    if (match === null || match[1] === undefined) throw new SyntaxError(`cannot read "${trimmed.slice(start)}"`)
    tokens.push(match[1])
  }
  if (tokens.length === 0) throw new SyntaxError("missing expression")
  return tokens
}
