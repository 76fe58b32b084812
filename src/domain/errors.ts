// One error family for every surface. Each surface has one formatter (CLI: stderr + exit code,
// TUI: error toast, bridge: sanitized `status: "error"` message).
export const ERROR_KINDS = ["not_found", "ambiguous", "invalid", "conflict", "io", "corrupt"] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

/** A bridge answer's `errorKind` as an ErrorKind, or `fallback` when it names none. */
export function errorKindOf(value: unknown, fallback: ErrorKind): ErrorKind {
  return typeof value === "string" && (ERROR_KINDS as readonly string[]).includes(value) ? (value as ErrorKind) : fallback
}

/** Marks a TskError of any copy of this module (see TskError's Symbol.hasInstance). */
const TSK_ERROR = Symbol.for("tsk.TskError")

export class TskError extends Error {
  readonly kind: ErrorKind
  /** Extra machine-readable detail (for example the candidates of an ambiguous id). */
  readonly details?: Record<string, unknown>

  constructor(kind: ErrorKind, message: string, details?: Record<string, unknown>) {
    super(message)
    this.name = "TskError"
    this.kind = kind
    this.details = details
  }

  /**
   * Each bundle of dist/ carries its own copy of this module: an error thrown by a command of
   * more.js reaches run-cli in cli.js, whose TskError is another class. `instanceof TskError`
   * recognises every copy's by its mark; a subclass (LockLostError) is checked as usual.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== TskError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === "object" && value !== null && (value as { [TSK_ERROR]?: unknown })[TSK_ERROR] === true
  }
}
Object.defineProperty(TskError.prototype, TSK_ERROR, { value: true })

export const notFound = (message: string, details?: Record<string, unknown>) =>
  new TskError("not_found", message, details)
export const ambiguous = (message: string, details?: Record<string, unknown>) =>
  new TskError("ambiguous", message, details)
export const invalid = (message: string, details?: Record<string, unknown>) =>
  new TskError("invalid", message, details)
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new TskError("conflict", message, details)

/** CLI exit codes: 0 ok, 1 error, 2 not found, 3 ambiguous id, 4 invalid input. */
export function exitCodeFor(error: unknown): number {
  if (!(error instanceof TskError)) return 1
  switch (error.kind) {
    case "not_found":
      return 2
    case "ambiguous":
      return 3
    case "invalid":
      return 4
    default:
      return 1
  }
}

/**
 * A message safe to show to a person or an agent: no stack trace, and absolute paths reduced to
 * their last component so nothing about the machine's layout leaks.
 */
export function sanitizeErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error)
  const firstLine = raw.split("\n").filter((line) => !/^\s+at\s/.test(line)).join("\n").trim()
  // Only absolute paths (at the start, or after a space, quote, bracket or `=`) are shortened;
  // relative ones such as `plans/core/p1.json` say nothing about the machine and stay whole.
  return firstLine.replace(/(^|[\s'"`(=])(?:[A-Za-z]:)?(?:[\\/][^\s\\/'"`:]+)+[\\/]([^\s\\/'"`:]+)/g, "$1$2") || "unknown error"
}

export function toTskError(error: unknown): TskError {
  if (error instanceof TskError) return error
  return new TskError("io", sanitizeErrorMessage(error))
}
