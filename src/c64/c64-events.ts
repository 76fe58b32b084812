// What the service tells its listeners (the TUI's toasts and sparklines, the CLI's progress lines).
// Every event is plain JSON.
import type { RegistryEntry, SampleLine } from "./state/task-schema.ts"

export type C64Event =
  | { type: "started"; task: RegistryEntry; resumed: boolean }
  | { type: "iteration"; task: RegistryEntry; sample: SampleLine | null; summary: Record<string, unknown> }
  | { type: "completed"; task: RegistryEntry; summary: Record<string, unknown> }
  | { type: "error"; task: RegistryEntry; error: string }
  | { type: "stopped"; task: RegistryEntry }

export type C64EventListener = (event: C64Event) => void

export interface C64EventHub {
  emit(event: C64Event): void
  subscribe(listener: C64EventListener): () => void
}

export function createEventHub(): C64EventHub {
  const listeners = new Set<C64EventListener>()
  return {
    emit(event) {
      for (const listener of listeners) {
        // A failing listener (a UI that went away) must not stop the task that reports to it.
        try {
          listener(event)
        } catch {}
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
