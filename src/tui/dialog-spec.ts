// What each dialog on the stack is about. The stack lives in the UI store; Escape pops the top.
import type { Scope } from "./keymap.ts"
export type DialogSpec =
  | { kind: "task-form"; mode: "add"; parentId: string | null; dueDate: string | null }
  | { kind: "task-form"; mode: "edit"; taskId: string }
  | { kind: "confirm-delete"; ids: string[] }
  | { kind: "priority"; ids: string[] }
  | { kind: "project"; ids: string[] }
  | { kind: "tags"; ids: string[] }
  | { kind: "due"; ids: string[] }
  | { kind: "note"; taskId: string }
  | { kind: "search" }
  | { kind: "help"; scopes: Scope[] }
  | { kind: "messages" }
  | { kind: "conflicts" }
  | { kind: "palette"; scopes: Scope[] }
  | { kind: "c64-sample"; taskId: string }
  | { kind: "c64-start" }
  | { kind: "c64-stop"; taskId: string }
  | { kind: "c64-byte" }
  | { kind: "agent-plan" }
  | { kind: "agent-context"; agentId: string }
  | { kind: "approval-deny"; requestId: string }
  | { kind: "approval-detail"; requestId: string }

export interface DialogEntry {
  /** Unique per opened dialog, so a dialog's key handlers are found again after re-renders. */
  key: number
  spec: DialogSpec
}
