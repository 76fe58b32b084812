// Draws the dialog on top of the stack (Escape pops it and the one below comes back).
import type { DialogEntry } from "../../src/tui/dialog-spec.ts"
import { useUiState } from "../hooks/use-stores.ts"
import { C64ByteDialog } from "./c64-byte-dialog.tsx"
import { C64SampleDialog } from "./c64-sample-dialog.tsx"
import { C64StartDialog } from "./c64-start-dialog.tsx"
import { C64StopDialog } from "./c64-stop-dialog.tsx"
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx"
import { HelpDialog } from "./help-dialog.tsx"
import { MessagesDialog } from "./messages-dialog.tsx"
import { ConflictsDialog } from "./conflicts-dialog.tsx"
import { PaletteDialog } from "./palette-dialog.tsx"
import { PlanDialog } from "../monitor/plan-dialog.tsx"
import { AgentContextDialog } from "../monitor/agent-context-dialog.tsx"
import { ApprovalDenyDialog, ApprovalDetailDialog } from "../approvals/approval-dialogs.tsx"
import { DueDateDialog, NoteDialog, SearchDialog } from "./prompt-dialogs.tsx"
import { TaskFormDialog } from "./task-form-dialog.tsx"
import { PriorityPicker, ProjectPicker, TagsPicker } from "./task-pickers.tsx"

function DialogFor(props: { entry: DialogEntry }) {
  const { key, spec } = props.entry
  switch (spec.kind) {
    case "task-form":
      return spec.mode === "add" ? (
        <TaskFormDialog key={key} dialogKey={key} mode="add" parentId={spec.parentId} dueDate={spec.dueDate} />
      ) : (
        <TaskFormDialog key={key} dialogKey={key} mode="edit" taskId={spec.taskId} />
      )
    case "confirm-delete":
      return <ConfirmDeleteDialog key={key} dialogKey={key} ids={spec.ids} />
    case "priority":
      return <PriorityPicker key={key} dialogKey={key} ids={spec.ids} />
    case "project":
      return <ProjectPicker key={key} dialogKey={key} ids={spec.ids} />
    case "tags":
      return <TagsPicker key={key} dialogKey={key} ids={spec.ids} />
    case "due":
      return <DueDateDialog key={key} dialogKey={key} ids={spec.ids} />
    case "note":
      return <NoteDialog key={key} dialogKey={key} taskId={spec.taskId} />
    case "search":
      return <SearchDialog key={key} dialogKey={key} />
    case "help":
      return <HelpDialog key={key} dialogKey={key} scopes={spec.scopes} />
    case "messages":
      return <MessagesDialog key={key} dialogKey={key} />
    case "conflicts":
      return <ConflictsDialog key={key} dialogKey={key} />
    case "palette":
      return <PaletteDialog key={key} dialogKey={key} scopes={spec.scopes} />
    case "c64-sample":
      return <C64SampleDialog key={key} dialogKey={key} taskId={spec.taskId} />
    case "c64-start":
      return <C64StartDialog key={key} dialogKey={key} />
    case "c64-stop":
      return <C64StopDialog key={key} dialogKey={key} taskId={spec.taskId} />
    case "c64-byte":
      return <C64ByteDialog key={key} dialogKey={key} />
    case "agent-plan":
      return <PlanDialog key={key} dialogKey={key} />
    case "agent-context":
      return <AgentContextDialog key={key} dialogKey={key} agentId={spec.agentId} />
    case "approval-deny":
      return <ApprovalDenyDialog key={key} dialogKey={key} requestId={spec.requestId} />
    case "approval-detail":
      return <ApprovalDetailDialog key={key} dialogKey={key} requestId={spec.requestId} />
  }
}

export function DialogHost() {
  const top = useUiState((s) => s.dialogs.at(-1))
  return top ? <DialogFor entry={top} /> : null
}
