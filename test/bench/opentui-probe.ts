// The least an OpenTUI app can do to show the first task: load OpenTUI and React (dist/opentui.js,
// the bytecode bundle tsk loads), read and parse tasks.json, create the renderer and draw one line
// with the first task's title. `bun test/bench/tui-bench.ts 7 probe` starts it in tmux as it
// starts tsk: what is left between tsk's launch and it is tsk's own (docs/tui-launch.md).
import { join } from "node:path"

process.env.NODE_ENV = "production"
const text = Bun.file(join(process.env.TSK_HOME!, "tasks.json")).text()
const { core, react } = require(join(import.meta.dirname, "..", "..", "dist", "opentui.js")) as typeof import("../../src/tui/opentui-bundle.ts")
const { createElement } = await import("react")
const { tasks } = JSON.parse(await text) as { tasks: { title: string }[] }
const renderer = await core.createCliRenderer({ exitOnCtrlC: false, exitSignals: [], targetFps: 30 })
const root = react.createRoot(renderer)
react.flushSync(() => root.render(createElement("text", null, `${tasks[0]?.title ?? ""} (${tasks.length} tasks)`)))
renderer.keyInput.on("keypress", (key: { name: string }) => {
  if (key.name === "q") {
    renderer.destroy()
    process.exit(0)
  }
})
