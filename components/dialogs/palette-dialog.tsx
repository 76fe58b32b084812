// The command palette (:): every action of the keymap table with its key, the current view's first;
// typing filters, Enter runs the action as its key would. Generated from the table, so a binding
// added anywhere shows here without more work.
import { KEYMAP, SCOPE_TITLES, type ActionId, type KeyBinding, type Scope } from "../../src/tui/keymap.ts"
import { useState } from "react"
import { listProjects, listTags } from "../../src/domain/task-stats.ts"
import type { Task } from "../../src/domain/task.ts"
import { pinSelection } from "../../src/tui/shared-selection.ts"
import { DEFAULT_STATUS_FILTER, DUE_FACET_LABELS, DUE_FACETS, NO_FACETS, type Facets } from "../../src/tui/task-filter.ts"
import type { StatusFilter, UiStore } from "../../src/tui/ui-store.ts"
import { useServices } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { PickerDialog, type PickerOption } from "./picker-dialog.tsx"

const WIDTH = 84
const LEFT_OUT: readonly Scope[] = ["dialog"]

/** Moving the cursor or the view (j/k, pages, days, columns): listed after the actions, which a palette is for. */
const MOVEMENT = /\.(down|up|left|right|top|bottom|pageDown|pageUp|prevDay|nextDay|prevWeek|nextWeek|prevMonth|nextMonth|today|nextPane)$/

export function isMovement(action: string): boolean {
  return MOVEMENT.test(action)
}

export function paletteOptions(scopes: readonly Scope[]): PickerOption[] {
  const table = (KEYMAP as readonly KeyBinding[]).filter((b) => !LEFT_OUT.includes(b.scope))
  const lead: Scope[] = scopes.filter((scope) => scope !== "app")
  const rank = (b: KeyBinding) => (isMovement(b.action) ? lead.length + 1 : 0) * 100 + (lead.includes(b.scope) ? lead.indexOf(b.scope) : lead.length)
  return [...table]
    .sort((a, b) => rank(a) - rank(b))
    .map((b) => ({ value: b.action, label: `${b.label.padEnd(14)} ${b.description} · ${SCOPE_TITLES[b.scope]}` }))
}

const FACET = "facet:"

/** The filter's facets as palette entries: a project, a tag, a due window, done tasks too, or none. */
export function facetOptions(tasks: readonly Task[]): PickerOption[] {
  const entry = (facet: object, text: string): PickerOption => ({ value: `${FACET}${JSON.stringify(facet)}`, label: `${"".padEnd(14)} filter: ${text}` })
  return [
    ...DUE_FACETS.map((due) => entry({ due }, DUE_FACET_LABELS[due])),
    ...listProjects(tasks).map((p) => entry({ project: p.name }, `project ${p.name}`)),
    ...listTags(tasks).map((t) => entry({ tag: t.name }, `tag #${t.name}`)),
    entry({ status: "all" }, "done tasks too"),
    entry({ clear: true }, "clear (open tasks, no facet)"),
  ]
}

function applyFacet(ui: UiStore, value: string): void {
  const facet = JSON.parse(value.slice(FACET.length)) as Partial<Facets> & { status?: StatusFilter; clear?: boolean }
  const state = ui.getState()
  if (facet.clear) return state.set({ statusFilter: DEFAULT_STATUS_FILTER, facets: NO_FACETS, search: "" })
  if (facet.status) return state.set({ statusFilter: facet.status })
  state.set({ facets: { ...state.facets, ...facet } })
}

export function PaletteDialog(props: { dialogKey: number; scopes: readonly Scope[] }) {
  const { ui, controller } = useServices()
  const view = useTaskView()
  const [options] = useState(() => {
    const all = paletteOptions(props.scopes)
    // The facets go right after the filter key's own entry.
    const at = all.findIndex((o) => o.value === "global.filter") + 1
    return [...all.slice(0, at), ...facetOptions(view.tasks), ...all.slice(at)]
  })
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Commands"
      width={WIDTH}
      options={options}
      filterable
      onChoose={(action) => {
        ui.getState().popDialog()
        if (action.startsWith(FACET)) {
          pinSelection(controller.context)
          return applyFacet(ui, action)
        }
        controller.runAction(action as ActionId)
      }}
    />
  )
}
