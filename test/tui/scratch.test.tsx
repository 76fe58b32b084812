import { act, useState } from "react"
import { testRender } from "@opentui/react/test-utils"
import { useKeyboard } from "@opentui/react"
import { it, expect } from "vitest"

function App() {
  const [log, setLog] = useState<string[]>([])
  const [typing, setTyping] = useState(false)
  const [value, setValue] = useState("")
  useKeyboard((key) => {
    setLog((l) => [...l, `${key.name}|${key.sequence}|${key.shift}|${key.ctrl}|${key.defaultPrevented}`])
    if (key.name === "a" && !typing) setTyping(true)
  })
  return (
    <box flexDirection="column">
      <text>{log.join("\n")}</text>
      {typing ? <input focused value={value} onInput={setValue} /> : null}
      <text>{`value=${value}`}</text>
    </box>
  )
}

it("works", async () => {
  const s = await testRender(<App />, { width: 120, height: 20, kittyKeyboard: true })
  await s.renderOnce()
  for (const k of ["j", "J", "!", "/", "?"]) {
    await act(async () => { s.mockInput.pressKey(k) })
  }
  await act(async () => { s.mockInput.pressKey("r", { ctrl: true }) })
  await act(async () => { s.mockInput.pressKey("ARROW_DOWN") })
  await act(async () => { s.mockInput.pressTab() })
  await s.renderOnce()
  console.log(s.captureCharFrame())
  await act(async () => { s.mockInput.pressKey("a") })
  await s.renderOnce()
  await act(async () => { s.mockInput.pressKey("q") })
  await act(async () => { s.mockInput.pressKey("Q") })
  await s.renderOnce()
  console.log(s.captureCharFrame())
  await act(async () => { s.mockInput.pressEscape() })
  await act(async () => { s.mockInput.pressEnter() })
  await s.renderOnce()
  console.log(s.captureCharFrame())
  s.renderer.destroy()
})
