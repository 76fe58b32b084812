// npm run docs: writes the references made from the code (docs/cli-reference.md).
import { writeFileSync } from "node:fs"
import { referencePages } from "./reference-pages.ts"

for (const [path, make] of referencePages) {
  writeFileSync(new URL(`../../${path}`, import.meta.url), await make())
  console.error(`wrote ${path}`)
}
