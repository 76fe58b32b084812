import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { BUN } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { readConfig, updateConfig } from "../../src/store/config-store.ts"
import { DEFAULT_CONFIG } from "../../src/domain/config.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

describe("config.json", () => {
  it("gives the defaults when there is no file", async () => {
    expect(await readConfig(home)).toEqual(DEFAULT_CONFIG)
  })

  it("reads a home without config.json without loading the schema (zod)", () => {
    const store = fileURLToPath(new URL("../../src/store/config-store.ts", import.meta.url))
    const script = `const { readConfig } = await import(${JSON.stringify(store)}); await readConfig(${JSON.stringify(home)}); console.log(Object.keys(require.cache).some((k) => k.includes("/zod/")))`
    expect(execFileSync(BUN, ["-e", script], { encoding: "utf8" }).trim()).toBe("false")
  })

  it("fills in what a hand-written file leaves out, on every read", async () => {
    writeFileSync(join(home, "config.json"), JSON.stringify({ ui: { theme: "light" } }))
    for (let read = 0; read < 2; read++) {
      const config = await readConfig(home)
      expect(config.ui).toEqual({ theme: "light", defaultView: "list", mouse: true, agentStrip: "auto" })
      expect(config.integrations.agent.pollIntervalMs).toBe(2000)
    }
  })

  it("writes the whole config with a new revision and reads it back", async () => {
    await updateConfig(home, "ui.theme", "light")
    const written = await updateConfig(home, "integrations.agent.enabled", true)
    expect(written.revision).toBe(2)
    expect(await readConfig(home)).toEqual(written)
    expect(JSON.parse(readFileSync(join(home, "config.json"), "utf8")).ui.theme).toBe("light")
  })

  it("validates again after another writer changed the file", async () => {
    await updateConfig(home, "ui.theme", "light")
    await readConfig(home)
    writeFileSync(join(home, "config.json"), JSON.stringify({ ui: { theme: "neon" } }))
    await expect(readConfig(home)).rejects.toThrow(/config\.json is invalid: ui\.theme/)
  })
})
