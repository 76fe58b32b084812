// `npm run torture [-- --trials N] [--seed S]`: the torture suite on demand (200 trials by default).
import { runTorture } from "./torture.ts"

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : undefined
}
const report = await runTorture({ trials: arg("trials") ?? 200, seed: arg("seed"), log: (line) => console.log(line) })
console.log(JSON.stringify({ ...report, failures: report.failures.length }, null, 2))
for (const failure of report.failures) console.log(`FAIL ${failure}`)
process.exit(report.failures.length === 0 ? 0 : 1)
