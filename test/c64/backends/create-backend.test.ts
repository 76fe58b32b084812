import { describe, expect, it } from "vitest"
import { backendConfigFromSettings, createBackend } from "../../../src/c64/backends/create-backend.ts"
import { DEFAULT_CONFIG } from "../../../src/domain/config.ts"
import { TskError } from "../../../src/domain/errors.ts"

describe("choosing the backend", () => {
  it("builds the sim by default from the settings", async () => {
    const backend = createBackend({ ...backendConfigFromSettings(DEFAULT_CONFIG.c64), sim: { autoStart: false } })
    expect(backend.name).toBe("sim")
    await backend.close()
  })

  it("builds vice on 127.0.0.1:6502 unless told otherwise", async () => {
    const backend = createBackend({ backend: "vice", timeoutMs: 300 })
    expect(backend.name).toBe("vice")
    expect((await backend.status()).detail).toMatch(/^vice at 127\.0\.0\.1:6502: /)
    await backend.close()
  })

  it("needs a URL for the Ultimate and says how to set it", () => {
    const error = (() => {
      try {
        createBackend(backendConfigFromSettings({ ...DEFAULT_CONFIG.c64, backend: "ultimate" }))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).message).toMatch(/tsk config set c64\.ultimateUrl/)
  })

  it("passes the Ultimate's URL and password through", async () => {
    const backend = createBackend(backendConfigFromSettings({ ...DEFAULT_CONFIG.c64, backend: "ultimate", ultimateUrl: "http://127.0.0.1:9", ultimatePassword: "pw", timeoutMs: 300 }))
    expect(backend.name).toBe("ultimate")
    expect((await backend.status()).detail).toMatch(/^ultimate at 127\.0\.0\.1:9: /)
  })
})
