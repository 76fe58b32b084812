// Choose from a list, optionally filtered by typing, optionally creating a new value; with `multi`
// Space checks or unchecks the highlighted choice and Enter applies them all (tags); Esc cancels.
import { TextAttributes } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { useLiveState } from "../hooks/use-live-state.ts"
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
  /** Multi: Space on a choice (the picker only draws; the caller keeps what is checked). */
  onToggle?(value: string): void
  /** Multi: Enter; `typed` is the highlighted choice when a filter was typed (it gets checked), else null. */
  onApply?(typed: string | null): void
  initialIndex?: number
  /** Columns (default 48). */
  width?: number
  onChoose?(value: string): void
}

const DEFAULT_WIDTH = 48
const VISIBLE = 10

/** The options matching `filter`, plus "create" when the filter names a new value. */
export function shownOptions(props: Pick<PickerDialogProps, "options" | "createLabel">, filter: string): PickerOption[] {
  const needle = filter.trim().toLowerCase()
  const shown = props.options.filter((o) => o.label.toLowerCase().includes(needle))
  const exact = props.options.some((o) => o.value.toLowerCase() === needle)
  if (props.createLabel && needle !== "" && !exact) shown.push({ value: filter.trim(), label: `+ ${props.createLabel} '${filter.trim()}'` })
  return shown
}

const clamp = (index: number, count: number) => Math.max(0, Math.min(index, count - 1))

export function PickerDialog(props: PickerDialogProps) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const WIDTH = Math.min(props.width ?? DEFAULT_WIDTH, screen.width - 2)
  // Bumped to start the filter field afresh after a choice in a multi picker.
  const [fieldKey, setFieldKey] = useState(0)
  const [filter, currentFilter, setFilter] = useLiveState("")
  const [cursor, currentCursor, setCursor] = useLiveState(props.initialIndex ?? 0)
  const shown = shownOptions(props, filter)
  const at = clamp(cursor, shown.length)
  const top = Math.max(0, at - VISIBLE + 1)
  // Key handlers work on the latest filter and cursor, which may be ahead of this render.
  const move = (delta: number) => setCursor(clamp(clamp(currentCursor(), shownOptions(props, currentFilter()).length) + delta, shownOptions(props, currentFilter()).length))
  /** Choose option `index` of those shown (Enter on the cursor, or a click). */
  const optionAt = (index: number) => {
    const options = shownOptions(props, currentFilter())
    return options[clamp(index, options.length)]
  }
  const choose = (index: number) => {
    const option = optionAt(index)
    if (!option) return
    if (!props.multi) return props.onChoose?.(option.value)
    props.onToggle?.(option.value)
    // The next tag starts from an empty filter (it used to keep "home", so typing "errand"
    // offered "homeerrand").
    if (currentFilter() !== "") {
      setFilter("")
      setFieldKey((k) => k + 1)
      setCursor(Math.max(0, props.options.findIndex((o) => o.value === option.value)))
    }
  }
  useDialogKeys(props.dialogKey, {
    up: () => move(-1),
    down: () => move(1),
    toggle: () => (props.multi ? choose(currentCursor()) : false),
    submit: () => (props.multi ? props.onApply?.(currentFilter().trim() !== "" ? optionAt(currentCursor())?.value ?? null : null) : choose(currentCursor())),
    pageDown: () => move(VISIBLE),
    pageUp: () => move(-VISIBLE),
  })
  const hint = props.multi
    ? hintLine([["dialog.toggle", "check"], ["dialog.submit", "apply"], ["dialog.close", "cancel"]])
    : hintLine([["dialog.submit", "choose"], ["dialog.down", "move"], ["dialog.close", "cancel"]])
  return (
    <DialogFrame title={props.title} width={WIDTH} height={VISIBLE + (props.filterable ? 1 : 0)} hint={hint}>
      {props.filterable ? <TextField key={fieldKey} label="Filter" initial="" focused width={WIDTH - 2} placeholder={props.createLabel ? "(type to filter or create)" : "(type to filter)"} onInput={(text) => {
            setFilter(text)
            setCursor(0)
          }} /> : null}
      {shown.length === 0 ? <text fg={theme.textMuted}> Nothing matches.</text> : null}
      {shown.slice(top, top + VISIBLE).map((option, i) => {
        const selected = top + i === at
        const box = props.multi ? (option.checked ? "[x] " : "[ ] ") : ""
        return (
          <text key={`${option.value}-${i}`} onMouseDown={() => choose(top + i)} fg={selected ? theme.selectionFg : theme.text} bg={selected && !theme.inverseSelection ? theme.selectionBg : undefined} attributes={selected ? TextAttributes.BOLD | (theme.inverseSelection ? TextAttributes.INVERSE : 0) : 0}>
            {fitText(`${selected ? "›" : " "} ${box}${option.label}`, WIDTH - 2).padEnd(WIDTH - 2)}
          </text>
        )
      })}
    </DialogFrame>
  )
}
