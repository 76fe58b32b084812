import { describe, expect, it } from "vitest"
import { ICU_QUESTIONS, warmIcuOnWorker } from "../../src/tui/icu-warm-up.ts"

describe("warmIcuOnWorker", () => {
  it("asks the first frame's ICU questions on a worker thread that ends by itself", async () => {
    let worker: Worker | null = null
    warmIcuOnWorker((url) => (worker = new Worker(url)))
    expect(worker).not.toBeNull()
    const outcome = await new Promise<string>((resolve) => {
      worker!.addEventListener("error", (event) => resolve(`error: ${event.message}`))
      worker!.addEventListener("close", () => resolve("closed"))
    })
    expect(outcome).toBe("closed")
  })

  it("asks for the local time zone, the grapheme segmenter and the collator", () => {
    let asked = ""
    warmIcuOnWorker((url) => {
      asked = decodeURIComponent(url.slice(url.indexOf(",") + 1))
      return {}
    })
    expect(asked).toContain(ICU_QUESTIONS)
    expect(ICU_QUESTIONS).toContain("getHours()")
    expect(ICU_QUESTIONS).toContain("Intl.Segmenter")
    expect(ICU_QUESTIONS).toContain("localeCompare")
  })

  it("lets the TUI start where no worker thread can be started", () => {
    expect(() =>
      warmIcuOnWorker(() => {
        throw new Error("no workers here")
      }),
    ).not.toThrow()
  })
})
