// Choose from a list, optionally filtered by typing, optionally creating a new value; with `multi`
// Enter toggles the highlighted choice and the dialog stays open (tags).
import { TextAttributes } from "@opentui/core"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import { useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { TextField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

export interface PickerOption {
  value: string
  label: string
  checked?: boolean
}

export interface PickerDialogProps {
  dialogKey: number
  title: string
  options: readonly PickerOption[]
  /** Show a filter field; with `createLabel`, typing a new name offers to create it. */
  filterable?: boolean
  createLabel?: string
  multi?: boolean
  initialIndex?: number
  onChoose(value: string): void
}

const WIDTH = 48
const VISIBLE = 10

export function PickerDialog(props: PickerDialogProps) {
  const theme = useTheme()
  const [filter, setFilter] = useState("")
  const [cursor, setCursor] = useState(props.initialIndex ?? 0)
  const needle = filter.trim().toLowerCase()
  const shown: PickerOption[] = props.options.filter((o) => o.label.toLowerCase().includes(needle))
  const exact = props.options.some((o) => o.value.toLowerCase() === needle)
  if (props.createLabel && needle !== "" && !exact) shown.push({ value: filter.trim(), label: `+ ${props.createLabel} '${filter.trim()}'` })
  const at = Math.max(0, Math.min(cursor, shown.length - 1))
  const top = Math.max(0, at - VISIBLE + 1)
  const move = (delta: number) => setCursor(Math.max(0, Math.min(shown.length - 1, at + delta)))
  useDialogKeys(props.dialogKey, {
    up: () => move(-1),
    down: () => move(1),
    submit: () => {
      const option = shown[at]
      if (!option) return
      props.onChoose(option.value)
      if (props.multi) setFilter((f) => (option.label.startsWith("+ ") ? "" : f))
    },
  })
  const verb = props.multi ? "toggle" : "choose"
  return (
    <DialogFrame title={props.title} width={WIDTH} height={VISIBLE + (props.filterable ? 1 : 0)} hint={hintLine([["dialog.submit", verb], ["dialog.down", "move"], ["dialog.close", props.multi ? "done" : "cancel"]])}>
      {props.filterable ? <TextField label="Filter" initial="" focused width={WIDTH - 2} placeholder={props.createLabel ? "type to filter or create" : "type to filter"} onInput={(text) => { setFilter(text); setCursor(0) }} /> : null}
      {shown.length === 0 ? <text fg={theme.textMuted}> Nothing matches.</text> : null}
      {shown.slice(top, top + VISIBLE).map((option, i) => {
        const selected = top + i === at
        const box = props.multi ? (option.checked ? "[x] " : "[ ] ") : ""
        return (
          <text key={`${option.value}-${i}`} fg={selected ? theme.selectionFg : theme.text} bg={selected && !theme.inverseSelection ? theme.selectionBg : undefined} attributes={selected ? TextAttributes.BOLD | (theme.inverseSelection ? TextAttributes.INVERSE : 0) : 0}>
            {fitText(`${selected ? "›" : " "} ${box}${option.label}`, WIDTH - 2).padEnd(WIDTH - 2)}
          </text>
        )
      })}
    </DialogFrame>
  )
}
