// One text field: due date, note, search. `onSubmit` returns an error to show, or null to close.
import { useState } from "react"
import { useLiveState } from "../hooks/use-live-state.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { wrapText } from "../list/detail-lines.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { TextField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

export interface TextPromptDialogProps {
  dialogKey: number
  title: string
  label: string
  initial: string
  placeholder?: string
  help?: string
  onSubmit(text: string): string | null
  onInput?(text: string): void
  onCancel?(): void
}

const WIDTH = 60

export function TextPromptDialog(props: TextPromptDialogProps) {
  const theme = useTheme()
  const { ui } = useServices()
  const [, currentText, setText] = useLiveState(props.initial)
  const [error, setError] = useState<string | null>(null)
  useDialogKeys(props.dialogKey, {
    submit: () => {
      const problem = props.onSubmit(currentText())
      if (problem) setError(problem)
      else ui.getState().popDialog()
    },
    close: () => {
      props.onCancel?.()
      ui.getState().popDialog()
    },
  })
  // A long error wraps inside the dialog (the dialog grows) instead of being cut.
  const errorLines = error ? wrapText(error, WIDTH - 3).slice(0, 4) : [" "]
  return (
    <DialogFrame title={props.title} width={WIDTH} height={2 + errorLines.length} hint={hintLine([["dialog.submit", "ok"], ["dialog.close", "cancel"]])}>
      <TextField
        label={props.label}
        initial={props.initial}
        placeholder={props.placeholder}
        focused
        width={WIDTH - 2}
        onInput={(value) => {
          setText(value)
          setError(null)
          props.onInput?.(value)
        }}
      />
      <text fg={theme.textMuted}>{fitText(props.help ? ` ${props.help}` : " ", WIDTH - 2)}</text>
      {errorLines.map((line, i) => (
        <text key={i} fg={theme.error}>{` ${line}`}</text>
      ))}
    </DialogFrame>
  )
}
