// Backend failures as TskErrors that say which machine did not answer and what to check, without
// leaking stack traces. Timeouts and refused connections read differently on purpose: one means a
// slow or stuck machine, the other a wrong address or a machine that is off.
import { TskError } from "../../domain/errors.ts"

export function backendError(backend: string, message: string, details?: Record<string, unknown>): TskError {
  return new TskError("io", `${backend}: ${message}`, details)
}

export function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === "ECONNREFUSED" || code === "ConnectionRefused") return "connection refused"
  if (code === "ENOTFOUND") return "host not found"
  if (code === "ECONNRESET") return "connection reset"
  if (code === "EHOSTUNREACH") return "host unreachable"
  const message = error instanceof Error ? error.message : String(error)
  return /refused/i.test(message) ? "connection refused" : message.split("\n")[0]!
}
