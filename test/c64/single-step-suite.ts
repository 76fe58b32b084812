// The whole single-step 6502 suite, on demand (npm test runs a 50-per-opcode sample):
//   npm run test:6502-suite -- <folder>
// where <folder> holds the suite's per-opcode files 00.json ... ff.json (or .json.gz). They are not
// in this repository (about 10,000 cases per opcode); get them from
//   https://github.com/SingleStepTests/65x02 , folder 6502/v1 (MIT licence).
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import { runSingleStepCase, type SingleStepCase } from "./helpers/single-step-case.ts"

const SOURCE = "https://github.com/SingleStepTests/65x02 (folder 6502/v1: 00.json ... ff.json)"

function casesFile(folder: string, opcode: number): string | null {
  const hex = opcode.toString(16).padStart(2, "0")
  for (const name of [`${hex}.json`, `${hex}.json.gz`, `${hex.toUpperCase()}.json`]) {
    const path = join(folder, name)
    if (existsSync(path)) return path
  }
  return null
}

function main(folder: string | undefined): number {
  if (folder === undefined || !existsSync(folder)) {
    console.error(`usage: npm run test:6502-suite -- <folder with 00.json ... ff.json>\nget the files from ${SOURCE}`)
    return 4
  }
  let total = 0
  let failed = 0
  const missing: string[] = []
  for (let opcode = 0; opcode < 256; opcode++) {
    const path = casesFile(folder, opcode)
    if (path === null) {
      missing.push(opcode.toString(16).padStart(2, "0"))
      continue
    }
    const raw = readFileSync(path)
    const text = path.endsWith(".gz") ? gunzipSync(raw).toString("utf8") : raw.toString("utf8")
    const cases = JSON.parse(text) as SingleStepCase[]
    const failures = cases.map((testCase) => runSingleStepCase(testCase)).filter(Boolean)
    total += cases.length
    failed += failures.length
    for (const failure of failures.slice(0, 3)) console.log(failure)
    if (failures.length > 3) console.log(`... and ${failures.length - 3} more for $${opcode.toString(16)}`)
  }
  if (missing.length > 0) console.error(`missing ${missing.length} opcode file(s): ${missing.join(" ")}; get them from ${SOURCE}`)
  console.log(`${total - failed} of ${total} cases pass over ${256 - missing.length} opcodes`)
  return failed > 0 || missing.length > 0 ? 1 : 0
}

process.exit(main(process.argv[2]))
