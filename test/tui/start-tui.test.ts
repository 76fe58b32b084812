import { describe, expect, it } from "vitest"
import { startTui } from "../../src/tui/start-tui.ts"

describe("startTui", () => {
  it("refuses to start without a terminal and points to the CLI", async () => {
    const printed: string[] = []
    const code = await startTui({ env: {}, loadApp: () => Promise.reject(new Error("not loaded")) }, { stdinIsTTY: false, stdoutIsTTY: true, printErr: (line) => printed.push(line) })
    expect(code).toBe(1)
    expect(printed.join("\n")).toContain("needs an interactive terminal")
    expect(printed.join("\n")).toContain("tsk --help")
  })
})
