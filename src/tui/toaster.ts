// Toasts with auto-dismiss. The UI store keeps at most three; this schedules their removal.
import { sanitizeErrorMessage, TskError } from "../domain/errors.ts"
import type { ToastKind, UiStore } from "./ui-store.ts"

export interface Toaster {
  show(kind: ToastKind, message: string): void
  error(error: unknown): void
  dispose(): void
}

export interface ToasterOptions {
  ttlMs?: number
  errorTtlMs?: number
  /** Schedules a dismissal and answers how to cancel it (a timer; a test passes its own to fire them when it chooses). */
  schedule?: (dismiss: () => void, ms: number) => () => void
}

/** The TUI's one error formatter: the kind-carrying message, sanitized (no stacks, no paths). */
export function formatTuiError(error: unknown): string {
  const message = sanitizeErrorMessage(error)
  return error instanceof TskError && error.kind === "corrupt" ? `${message} (run tsk doctor --repair)` : message
}

export function createToaster(ui: UiStore, options: ToasterOptions = {}): Toaster {
  const ttl = options.ttlMs ?? 4000
  const errorTtl = options.errorTtlMs ?? 7000
  const schedule = options.schedule ?? ((dismiss: () => void, ms: number) => {
    const timer = setTimeout(dismiss, ms)
    return () => clearTimeout(timer)
  })
  const timers = new Set<() => void>()
  const show = (kind: ToastKind, message: string) => {
    const id = ui.getState().addToast(kind, message)
    const cancel = schedule(() => {
      timers.delete(cancel)
      ui.getState().dismissToast(id)
    }, kind === "error" ? errorTtl : ttl)
    timers.add(cancel)
  }
  return {
    show,
    error: (error) => show("error", formatTuiError(error)),
    dispose() {
      for (const cancel of timers) cancel()
      timers.clear()
    },
  }
}
