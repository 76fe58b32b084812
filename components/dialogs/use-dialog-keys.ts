// A dialog answers the keymap's dialog keys (Enter, Esc, Tab, arrows) through the controller; the
// latest handlers are read at key time so they always see the dialog's current state.
import { useEffect, useRef } from "react"
import type { DialogKeyHandlers } from "../../src/tui/tui-controller.ts"
import { useServices } from "../app-context.tsx"

export function useDialogKeys(dialogKey: number, handlers: DialogKeyHandlers): void {
  const { controller } = useServices()
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => controller.registerDialogKeys(dialogKey, () => latest.current), [controller, dialogKey])
}
