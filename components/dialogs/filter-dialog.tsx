// The filter (f): status, project, tag and due window, each a value stepped with ←/→; ↑/↓ or Tab
// move between them, Enter applies, Esc leaves the filter as it was.
import { flushSync } from "@opentui/react"
import { listProjects, listTags } from "../../src/domain/task-stats.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { DUE_FACET_LABELS, DUE_FACETS, type Facets } from "../../src/tui/task-filter.ts"
import { STATUS_FILTERS, type StatusFilter } from "../../src/tui/ui-store.ts"
import { pinSelection } from "../../src/tui/shared-selection.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useLiveState } from "../hooks/use-live-state.ts"
import { useTaskView } from "../hooks/use-stores.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { ChoiceField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 52
const FIELDS = ["status", "project", "tag", "due"] as const
const LABELS = { status: "Status", project: "Project", tag: "Tag", due: "Due" } as const

interface FilterValues extends Facets {
  status: StatusFilter
}

function step<T>(cycle: readonly T[], current: T, delta: number): T {
  const at = Math.max(0, cycle.indexOf(current))
  return cycle[(at + delta + cycle.length) % cycle.length]!
}

export function FilterDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const { ui, controller } = useServices()
  const view = useTaskView()
  const projects: (string | null)[] = [null, ...listProjects(view.tasks).map((p) => p.name)]
  const tags: (string | null)[] = [null, ...listTags(view.tasks).map((t) => t.name)]
  const dues: (Facets["due"])[] = [null, ...DUE_FACETS]
  const [values, currentValues, setValues] = useLiveState<FilterValues>(() => ({ status: ui.getState().statusFilter, ...ui.getState().facets }))
  const [focus, currentFocus, setFocus] = useLiveState(0)
  const move = (delta: number) => flushSync(() => setFocus((f) => (f + delta + FIELDS.length) % FIELDS.length))
  const change = (delta: number) => {
    const field = FIELDS[currentFocus()]!
    setValues((v) => {
      switch (field) {
        case "status":
          return { ...v, status: step(STATUS_FILTERS, v.status, delta) }
        case "project":
          return { ...v, project: step(projects, v.project, delta) }
        case "tag":
          return { ...v, tag: step(tags, v.tag, delta) }
        case "due":
          return { ...v, due: step(dues, v.due, delta) }
      }
    })
  }
  const apply = () => {
    const { status, project, tag, due } = currentValues()
    ui.getState().popDialog()
    pinSelection(controller.context)
    ui.getState().set({ statusFilter: status, facets: { project, tag, due }, visualAnchorId: null })
  }
  useDialogKeys(props.dialogKey, { submit: apply, next: () => move(1), prev: () => move(-1), down: () => move(1), up: () => move(-1), left: () => change(-1), right: () => change(1) })
  const shown = {
    status: values.status.replace("_", " "),
    project: values.project ?? "any",
    tag: values.tag === null ? "any" : `#${values.tag}`,
    due: values.due === null ? "any" : DUE_FACET_LABELS[values.due],
  }
  return (
    <DialogFrame title="Filter" width={WIDTH} height={FIELDS.length + 1} hint={hintLine([["dialog.right", "change"], ["dialog.submit", "apply"], ["dialog.close", "cancel"]])}>
      {FIELDS.map((name, i) => (
        <ChoiceField key={name} label={LABELS[name]} value={shown[name]} focused={focus === i} />
      ))}
      <text fg={theme.textMuted}> Esc on the list goes back to open tasks.</text>
    </DialogFrame>
  )
}
