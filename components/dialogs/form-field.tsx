// One labelled line of a dialog form: a text input, or a value chosen with ←/→.
import { TextAttributes } from "@opentui/core"
import { useTheme } from "../app-context.tsx"

export const LABEL_WIDTH = 12

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
        {`${props.focused ? "›" : " "}${props.label}`.padEnd(LABEL_WIDTH)}
      </text>
      <input
        width={Math.max(4, props.width - LABEL_WIDTH)}
        value={props.initial}
        placeholder={props.placeholder ?? ""}
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
        {`${props.focused ? "›" : " "}${props.label}`.padEnd(LABEL_WIDTH)}
      </text>
      <text fg={theme.text}>{props.focused ? `‹ ${props.value} ›` : `  ${props.value}`}</text>
    </box>
  )
}
