// The command palette (:): every action of the keymap table with its key, the current view's first;
// typing filters, Enter runs the action as its key would. Generated from the table, so a binding
// added anywhere shows here without more work.
import { KEYMAP, SCOPE_TITLES, type ActionId, type KeyBinding, type Scope } from "../../src/tui/keymap.ts"
import { useServices } from "../app-context.tsx"
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

export function PaletteDialog(props: { dialogKey: number; scopes: readonly Scope[] }) {
  const { ui, controller } = useServices()
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Commands"
      width={WIDTH}
      options={paletteOptions(props.scopes)}
      filterable
      onChoose={(action) => {
        ui.getState().popDialog()
        controller.runAction(action as ActionId)
      }}
    />
  )
}
