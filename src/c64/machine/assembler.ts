// A two-pass 6502 assembler for the subset our own programs use (the demo and the mini-KERNAL):
// `label:`, `NAME = expr`, `*= expr`, `.byte`, `.word`, `.text` (PETSCII) and `.screen` (screen
// codes), every documented addressing mode, `;` comments. Pass one sizes every line; an operand
// whose value is unknown there (a forward reference) gets the absolute form, and pass two keeps
// that choice so addresses never shift between passes.
import { invalid } from "../../domain/errors.ts"
import { evaluateExpression, type ExpressionValue } from "./assembler-expression.ts"
import { Mode, OPCODES, OPERAND_BYTES } from "./opcodes.ts"

export interface AssembledSegment {
  address: number
  bytes: Uint8Array
}

export interface AssemblyResult {
  /** One segment per `*=`, in source order. */
  segments: AssembledSegment[]
  symbols: ReadonlyMap<string, number>
}

const OPCODE_BY_MNEMONIC_AND_MODE = new Map(OPCODES.map((info) => [`${info.mnemonic}:${info.mode}`, info.opcode]))
const MNEMONICS = new Set(OPCODES.map((info) => info.mnemonic))
const hasMode = (mnemonic: string, mode: Mode) => OPCODE_BY_MNEMONIC_AND_MODE.has(`${mnemonic}:${mode}`)

interface PassState {
  pass: 1 | 2
  pc: number | null
  symbols: Map<string, number>
  segments: { address: number; bytes: number[] }[]
  /** Addressing mode chosen for each instruction line in pass one, reused in pass two. */
  modes: Map<number, Mode>
}

export function assemble(source: string): AssemblyResult {
  const lines = source.split(/\r?\n/)
  const modes = new Map<number, Mode>()
  let symbols = new Map<string, number>()
  let segments: PassState["segments"] = []
  for (const pass of [1, 2] as const) {
    const state: PassState = { pass, pc: null, symbols: pass === 1 ? new Map() : symbols, segments: [], modes }
    lines.forEach((line, index) => {
      try {
        assembleLine(line, index, state)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw invalid(`assembly error on line ${index + 1}: ${reason}`, { line: index + 1, text: line.trim() })
      }
    })
    symbols = state.symbols
    segments = state.segments
  }
  rejectOverlaps(segments)
  return {
    segments: segments.map((segment) => ({ address: segment.address, bytes: Uint8Array.from(segment.bytes) })),
    symbols,
  }
}

/** A PRG file: a 2-byte little-endian load address, then every byte from the lowest to the highest. */
export function toPrg(result: AssemblyResult): Uint8Array {
  const used = result.segments.filter((segment) => segment.bytes.length > 0)
  if (used.length === 0) throw invalid("nothing was assembled, so there is no PRG to write")
  const start = Math.min(...used.map((segment) => segment.address))
  const end = Math.max(...used.map((segment) => segment.address + segment.bytes.length))
  const prg = new Uint8Array(2 + end - start)
  prg[0] = start & 0xff
  prg[1] = start >> 8
  for (const segment of used) prg.set(segment.bytes, 2 + segment.address - start)
  return prg
}

function assembleLine(rawLine: string, index: number, state: PassState): void {
  let line = stripComment(rawLine).trim()
  const label = /^([A-Za-z_][A-Za-z0-9_]*):/.exec(line)
  if (label?.[1] !== undefined) {
    define(state, label[1], requirePc(state))
    line = line.slice(label[0].length).trim()
  }
  if (line === "") return

  const constant = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+)$/.exec(line)
  if (constant?.[1] !== undefined && constant[2] !== undefined) {
    const value = evaluate(constant[2], state)
    if (value !== null) define(state, constant[1], value)
    return
  }

  const origin = /^\*\s*=\s*(.+)$/.exec(line)
  if (origin?.[1] !== undefined) {
    const address = evaluate(origin[1], state)
    if (address === null) throw new Error("the address after *= must not use labels defined later")
    checkRange(address, 0, 0xffff, "origin")
    state.pc = address
    state.segments.push({ address, bytes: [] })
    return
  }

  const directive = /^\.([a-z]+)\s*(.*)$/i.exec(line)
  if (directive?.[1] !== undefined) return assembleDirective(directive[1].toLowerCase(), directive[2] ?? "", state)

  const instruction = /^([A-Za-z]{3})(?:\s+(.*))?$/.exec(line)
  const mnemonic = instruction?.[1]?.toUpperCase()
  if (mnemonic === undefined || !MNEMONICS.has(mnemonic)) throw new Error(`unknown instruction "${line}"`)
  assembleInstruction(mnemonic, (instruction?.[2] ?? "").trim(), index, state)
}

function assembleInstruction(mnemonic: string, operand: string, index: number, state: PassState): void {
  const pc = requirePc(state)
  const { mode, expression } = resolveMode(mnemonic, operand, index, state)
  const opcode = OPCODE_BY_MNEMONIC_AND_MODE.get(`${mnemonic}:${mode}`)
  if (opcode === undefined) throw new Error(`${mnemonic} has no such addressing mode: "${operand}"`)
  const value = expression === undefined ? 0 : (evaluate(expression, state) ?? 0)
  const bytes = [opcode]
  switch (OPERAND_BYTES[mode]) {
    case 1:
      if (mode === Mode.relative) {
        const offset = value - (pc + 2)
        if (state.pass === 2 && (offset < -128 || offset > 127)) throw new Error(`branch target is ${offset} bytes away`)
        bytes.push(offset & 0xff)
      } else {
        if (state.pass === 2) checkRange(value, 0, 0xff, "operand")
        bytes.push(value & 0xff)
      }
      break
    case 2:
      if (state.pass === 2) checkRange(value, 0, 0xffff, "operand")
      bytes.push(value & 0xff, (value >> 8) & 0xff)
      break
  }
  emit(state, bytes)
}

/** The addressing mode from the operand's shape; zero page only when the value is known to fit. */
function resolveMode(mnemonic: string, operand: string, index: number, state: PassState) {
  const remembered = state.modes.get(index)
  const shape = operandShape(operand)
  if (remembered !== undefined) return { mode: remembered, expression: shape.expression }
  let mode = shape.mode
  if (mode === Mode.implied && !hasMode(mnemonic, Mode.implied) && hasMode(mnemonic, Mode.accumulator)) {
    mode = Mode.accumulator
  } else if (mode === Mode.absolute && hasMode(mnemonic, Mode.relative)) {
    mode = Mode.relative
  } else if (mode === Mode.absolute || mode === Mode.absoluteX || mode === Mode.absoluteY) {
    const zeroPageForm = mode === Mode.absolute ? Mode.zeroPage : mode === Mode.absoluteX ? Mode.zeroPageX : Mode.zeroPageY
    const value = evaluate(shape.expression ?? "", state)
    if (value !== null && value >= 0 && value <= 0xff && hasMode(mnemonic, zeroPageForm)) mode = zeroPageForm
  }
  state.modes.set(index, mode)
  return { mode, expression: shape.expression }
}

function operandShape(operand: string): { mode: Mode; expression?: string } {
  if (operand === "") return { mode: Mode.implied }
  if (/^a$/i.test(operand)) return { mode: Mode.accumulator }
  if (operand.startsWith("#")) return { mode: Mode.immediate, expression: operand.slice(1) }
  const shapes: [RegExp, Mode][] = [
    [/^\((.+),\s*x\s*\)$/i, Mode.indexedIndirect],
    [/^\((.+)\)\s*,\s*y$/i, Mode.indirectIndexed],
    [/^\((.+)\)$/, Mode.indirect],
    [/^(.+),\s*x$/i, Mode.absoluteX],
    [/^(.+),\s*y$/i, Mode.absoluteY],
  ]
  for (const [pattern, mode] of shapes) {
    const match = pattern.exec(operand)
    if (match?.[1] !== undefined) return { mode, expression: match[1] }
  }
  return { mode: Mode.absolute, expression: operand }
}

function assembleDirective(name: string, argumentText: string, state: PassState): void {
  const items = splitArguments(argumentText)
  const bytes: number[] = []
  for (const item of items) {
    if (item.startsWith('"')) {
      if (!item.endsWith('"') || item.length < 2) throw new Error(`unterminated string ${item}`)
      if (name !== "text" && name !== "screen") throw new Error(`.${name} takes numbers; use .text or .screen for strings`)
      for (const character of item.slice(1, -1)) bytes.push(encodeCharacter(character, name))
      continue
    }
    const value = evaluate(item, state) ?? 0
    if (name === "word") {
      if (state.pass === 2) checkRange(value, 0, 0xffff, ".word value")
      bytes.push(value & 0xff, (value >> 8) & 0xff)
    } else if (name === "byte" || name === "text" || name === "screen") {
      if (state.pass === 2) checkRange(value, 0, 0xff, `.${name} value`)
      bytes.push(value & 0xff)
    } else {
      throw new Error(`unknown directive .${name}`)
    }
  }
  if (bytes.length === 0) throw new Error(`.${name} needs at least one value`)
  emit(state, bytes)
}

/** `.text` is PETSCII (upper case as the C64 boots); `.screen` is what goes into screen memory. */
function encodeCharacter(character: string, directive: string): number {
  const code = character.charCodeAt(0)
  if (code < 0x20 || code > 0x5f) throw new Error(`"${character}" has no ${directive} code here (use upper case)`)
  return directive === "screen" && code >= 0x40 ? code - 0x40 : code
}

function splitArguments(text: string): string[] {
  const items: string[] = []
  let current = ""
  let quoted = false
  for (const character of text) {
    if (character === '"') quoted = !quoted
    if (character === "," && !quoted) {
      items.push(current.trim())
      current = ""
    } else {
      current += character
    }
  }
  if (current.trim() !== "") items.push(current.trim())
  return items
}

function stripComment(line: string): string {
  let quoted = false
  for (let index = 0; index < line.length; index++) {
    if (line[index] === '"') quoted = !quoted
    if (line[index] === ";" && !quoted) return line.slice(0, index)
  }
  return line
}

function evaluate(expression: string, state: PassState): ExpressionValue {
  const value = evaluateExpression(expression, { symbols: state.symbols, pc: state.pc ?? 0 })
  if (value === null && state.pass === 2) throw new Error(`undefined symbol in "${expression.trim()}"`)
  return value
}

function define(state: PassState, name: string, value: number): void {
  if (state.pass === 1 && state.symbols.has(name)) throw new Error(`"${name}" is defined twice`)
  if (state.pass === 2 && state.symbols.has(name) && state.symbols.get(name) !== value) {
    throw new Error(`"${name}" moved between passes (define constants before they are used)`)
  }
  state.symbols.set(name, value)
}

function emit(state: PassState, bytes: number[]): void {
  const pc = requirePc(state)
  const segment = state.segments.at(-1)
  if (segment === undefined) throw new Error("set an address with *= first")
  if (pc + bytes.length > 0x10000) throw new Error("code runs past $FFFF")
  segment.bytes.push(...bytes)
  state.pc = pc + bytes.length
}

function requirePc(state: PassState): number {
  if (state.pc === null) throw new Error("set an address with *= first")
  return state.pc
}

function checkRange(value: number, low: number, high: number, what: string): void {
  if (value < low || value > high) throw new Error(`${what} ${value} is outside ${low}..${high}`)
}

function rejectOverlaps(segments: PassState["segments"]): void {
  const sorted = [...segments].filter((s) => s.bytes.length > 0).sort((a, b) => a.address - b.address)
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!
    const current = sorted[index]!
    if (previous.address + previous.bytes.length > current.address) {
      throw invalid(`assembly error: segments at $${hex(previous.address)} and $${hex(current.address)} overlap`)
    }
  }
}

const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, "0")
