// One labelled line of a dialog form: a text input, or a value chosen with ←/→.
import { TextAttributes } from "@opentui/core"
import { useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"

/** The longest label (Description) plus the focus mark and one space, so a label never touches its value. */
export const LABEL_WIDTH = 14

/** The label cell: focus mark, label, and at least one space before the value. */
export function labelText(label: string, focused: boolean): string {
  return `${fitText(`${focused ? "›" : " "}${label}`, LABEL_WIDTH - 1).padEnd(LABEL_WIDTH - 1)} `
}

/** A placeholder reads as one, not as a typed value, even without colour (NO_COLOR): "e.g. 1h30m" or "(bytes)". */
export function placeholderText(placeholder: string): string {
  return placeholder === "" || placeholder.startsWith("e.g. ") || placeholder.startsWith("(") ? placeholder : `e.g. ${placeholder}`
}

export interface TextFieldProps {
  label: string
  initial: string
  placeholder?: string
  focused: boolean
  width: number
  onInput(value: string): void
}

export function TextField(props: TextFieldProps) {
  const theme = useTheme()
  return (
    <box flexDirection="row" height={1}>
      <text fg={props.focused ? theme.accent : theme.textMuted} attributes={props.focused ? TextAttributes.BOLD : 0}>
        {labelText(props.label, props.focused)}
      </text>
      <input
        width={Math.max(4, props.width - LABEL_WIDTH)}
        value={props.initial}
        placeholder={placeholderText(props.placeholder ?? "")}
        focused={props.focused}
        textColor={theme.text}
        focusedTextColor={theme.text}
        backgroundColor={theme.background}
        focusedBackgroundColor={theme.background}
        placeholderColor={theme.textMuted}
        onInput={props.onInput}
      />
    </box>
  )
}

export interface ChoiceFieldProps {
  label: string
  value: string
  focused: boolean
}

export function ChoiceField(props: ChoiceFieldProps) {
  const theme = useTheme()
  return (
    <box flexDirection="row" height={1}>
      <text fg={props.focused ? theme.accent : theme.textMuted} attributes={props.focused ? TextAttributes.BOLD : 0}>
        {labelText(props.label, props.focused)}
      </text>
      <text fg={theme.text}>{props.focused ? `‹ ${props.value} ›` : `  ${props.value}`}</text>
    </box>
  )
}
