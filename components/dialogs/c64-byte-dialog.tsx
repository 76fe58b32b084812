// Chooses the byte the C64 pane's byte-value metric shows, as an offset into each sample; the
// metric switches to it.
import { selectedC64Task } from "../../src/tui/c64-key-actions.ts"
import { useServices } from "../app-context.tsx"
import { bytesOfHex } from "../../src/tui/c64-hex-view.ts"
import { parseByteOffset } from "../../src/tui/c64-metric.ts"
import { TextPromptDialog } from "./text-prompt-dialog.tsx"

export function C64ByteDialog(props: { dialogKey: number }) {
  const { ui, controller } = useServices()
  const task = selectedC64Task(controller.context)
  const latest = task?.sampleHex.at(-1)
  const sampleLength = latest !== undefined ? bytesOfHex(latest).length : null
  const current = ui.getState().c64Metric
  return (
    <TextPromptDialog
      dialogKey={props.dialogKey}
      title="Byte to chart"
      label="Offset"
      initial={String(current.offset)}
      placeholder="e.g. 16, $10 or 0x10"
      help={sampleLength !== null ? `Offset into each sample of ${task!.id} (0-${sampleLength - 1}).` : "Offset into each sample."}
      onSubmit={(text) => {
        const parsed = parseByteOffset(text, sampleLength)
        if ("error" in parsed) return parsed.error
        ui.getState().set({ c64Metric: { kind: "byte", offset: parsed.offset } })
        return null
      }}
    />
  )
}
