// Start a background read of C64 memory: address, length, interval and count, with the defaults
// filled in ($0400, 256 bytes, every 1s, until stopped). A bad field keeps the form open with the
// error (also as a toast) and nothing is written.
import { flushSync } from "@opentui/react"
import { useState } from "react"
import { C64_START_FIELDS, DEFAULT_C64_START_FORM, parseC64StartForm, type C64StartField } from "../../src/tui/c64-start-form.ts"
import { startC64Read } from "../../src/tui/c64-key-actions.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useLiveState } from "../hooks/use-live-state.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { TextField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const LABELS: Record<C64StartField, string> = { address: "Address", length: "Length", interval: "Every", count: "Count" }
const PLACEHOLDERS: Record<C64StartField, string> = { address: "e.g. $0400, 0x0400 or 1024", length: "(bytes)", interval: "e.g. 500ms, 1s, 1m", count: "(empty: until stopped)" }
const WIDTH = 60

export function C64StartDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const { ui, controller } = useServices()
  const [, currentValues, setValues] = useLiveState(DEFAULT_C64_START_FORM)
  const [focus, currentFocus, setFocus] = useLiveState(0)
  const [error, setError] = useState<string | null>(null)
  // Committed at once, so keys typed right after Tab (in the same burst) reach the next field.
  const move = (delta: number) => flushSync(() => setFocus((f) => (f + delta + C64_START_FIELDS.length) % C64_START_FIELDS.length))

  const submit = () => {
    const parsed = parseC64StartForm(currentValues())
    if (!parsed.ok) {
      setError(parsed.error)
      controller.toaster.show("error", parsed.error)
      flushSync(() => setFocus(C64_START_FIELDS.indexOf(parsed.field)))
      return
    }
    ui.getState().popDialog()
    void startC64Read(controller.context, parsed.request)
  }

  useDialogKeys(props.dialogKey, { submit, next: () => move(1), prev: () => move(-1), down: () => move(1), up: () => move(-1) })

  return (
    <DialogFrame title="Start a background read" width={WIDTH} height={C64_START_FIELDS.length + 3} hint={hintLine([["dialog.submit", "start"], ["dialog.next", "next field"], ["dialog.close", "cancel"]])}>
      <text fg={theme.textMuted}>{fitText(" Samples C64 memory into samples.jsonl, on the runner.", WIDTH - 2)}</text>
      {C64_START_FIELDS.map((name, i) => (
        <TextField
          key={name}
          label={LABELS[name]}
          initial={DEFAULT_C64_START_FORM[name]}
          placeholder={PLACEHOLDERS[name]}
          focused={focus === i}
          width={WIDTH - 2}
          onInput={(text) => {
            setValues((v) => ({ ...v, [name]: text }))
            setError(null)
          }}
        />
      ))}
      <text> </text>
      <text fg={theme.error}>{error ? fitText(` ${error}`, WIDTH - 2) : " "}</text>
    </DialogFrame>
  )
}
