// The one keyboard listener: every press goes through the controller and the keymap table. A key
// the table uses is kept from the focused text field; other keys (typing) pass through to it.
import { useKeyboard, useRenderer } from "@opentui/react"
import { useServices } from "../app-context.tsx"

export function useAppKeys(): void {
  const { controller } = useServices()
  const renderer = useRenderer()
  useKeyboard((key) => {
    if (key.eventType === "release") return
    const typing = renderer.currentFocusedEditor !== null
    if (controller.handleKey(key, typing)) key.preventDefault()
  })
}
