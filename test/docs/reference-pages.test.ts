import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { referencePages } from "./reference-pages.ts"

describe("the references in docs/", () => {
  for (const [path, make] of referencePages) {
    it(`${path} is what the code makes (run npm run docs after changing it)`, async () => {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")).toBe(await make())
    })
  }
})
