import { afterEach, describe, expect, it } from "vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createAppStore } from "../../src/store/app-store.ts"
import { READ_ONLY_MESSAGE } from "../../src/tui/tui-controller.ts"
import { darkTheme, lightTheme } from "../../components/theme/theme.ts"
import { runTskAsync } from "../helpers/run-tsk.ts"
import { TextAttributes } from "@opentui/core"
import { hexOf, lineWith, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

describe("live updates", () => {
  it("shows a task added by another process (the CLI) within 500 ms", async () => {
    app = await renderApp({ tasks: [{ title: "Already here" }] })
    const stop = app.store.getState().watch()
    try {
      const result = await runTskAsync(app.home, ["add", "Added from the CLI"])
      expect(result.code).toBe(0)
      const written = Date.now()
      await app.waitForFrame((f) => f.includes("Added from the CLI"), 60_000)
      expect(Date.now() - written).toBeLessThan(500)
    } finally {
      await stop()
    }
  })

  it("never writes its old copy over another process's change", async () => {
    app = await renderApp({ tasks: [{ title: "Mine" }] })
    await createAppStore({ home: app.home }).getState().addTask({ title: "Theirs" })
    await app.press("d")
    await app.settle()
    await app.store.getState().reload()
    expect(app.store.getState().tasks.map((t) => `${t.title}:${t.status}`)).toEqual(["Mine:done", "Theirs:todo"])
  })
})

describe("a damaged tasks.json", () => {
  it("opens read-only with a banner saying to run tsk doctor --repair, and refuses changes", async () => {
    const home = makeHome()
    mkdirSync(home, { recursive: true })
    writeFileSync(join(home, "tasks.json"), '{"version":1,"revision":3,"tasks":[{"id":')
    app = await renderApp({ home })
    let frame = app.frame()
    expect(frame).toContain("READ-ONLY: tasks.json is not valid JSON")
    expect(frame).toContain("tsk doctor --repair")
    frame = await app.press("a")
    expect(frame).not.toContain("Add task")
    expect(frame).toContain(READ_ONLY_MESSAGE.slice(0, 30))
  })
})

describe("quitting", () => {
  it("q asks to quit", async () => {
    app = await renderApp()
    let quit = false
    void app.services.controller.quitRequested.then(() => (quit = true))
    await app.press("q")
    await Promise.resolve()
    expect(quit).toBe(true)
  })

  it("Ctrl+C quits even while typing in a dialog", async () => {
    app = await renderApp()
    let quit = false
    void app.services.controller.quitRequested.then(() => (quit = true))
    await app.press("a")
    await app.type("half a tit")
    await app.press("c", { ctrl: true })
    await Promise.resolve()
    expect(quit).toBe(true)
  })
})

describe("size and colour", () => {
  it("fits 80×24 with the detail panel beside the list", async () => {
    app = await renderApp({ width: 80, height: 24, tasks: [{ title: "Write report", project: "work" }] })
    const lines = app.frame().split("\n")
    expect(lines[0]).toContain("4 Monitor")
    expect(lines[23]).toContain("NORMAL")
    expect(lineWith(app.frame(), "Detail")).toContain("Tasks 1/1")
  })

  it("adapts to a resize: a narrow screen shows the list alone, Tab shows the detail", async () => {
    app = await renderApp({ tasks: [{ title: "Write report" }] })
    let frame = await app.resize(60, 20)
    expect(frame).not.toContain("Detail")
    expect(frame.split("\n")[19]).toContain("NORMAL")
    frame = await app.press("TAB")
    expect(frame).toContain("Detail")
    expect(frame).not.toContain("Tasks 1/1")
  })

  it("uses the dark theme's tokens by default and the light theme when configured", async () => {
    app = await renderApp({ env: {}, tasks: [{ title: "Colourful" }, { title: "Plain" }] })
    expect(hexOf(app.spanWith("Plain")!.fg)).toBe(darkTheme.text)
    await app.destroy()
    const home = makeHome()
    writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { theme: "light", defaultView: "list" } }))
    app = await renderApp({ home, env: {}, tasks: [{ title: "Colourful" }, { title: "Plain" }] })
    expect(hexOf(app.spanWith("Plain")!.fg)).toBe(lightTheme.text)
  })

  it("is monochrome with NO_COLOR: terminal default colours, selection drawn inverse", async () => {
    app = await renderApp({ env: { NO_COLOR: "1" }, tasks: [{ title: "Selected" }, { title: "Plain" }] })
    expect(app.spanWith("Plain")!.fg.intent).toBe("default")
    expect(app.spanWith("Selected")!.attributes & TextAttributes.INVERSE).toBe(TextAttributes.INVERSE)
  })

  it("opens on the view configured in ui.defaultView", async () => {
    const home = makeHome()
    writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { theme: "dark", defaultView: "board" } }))
    app = await renderApp({ home })
    expect(app.frame()).toContain("To do (0)")
  })
})
