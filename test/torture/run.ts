// `npm run torture [-- --trials N] [--seed S] [--long-pauses P]`: the torture suite on demand (200
// trials by default).
import { runTorture } from "./torture.ts"

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : undefined
}
// --long-pauses P: the chance per CLI writer of a 6 s pause (its lock is taken over meanwhile).
const report = await runTorture({ trials: arg("trials") ?? 200, seed: arg("seed"), longPauseChance: arg("long-pauses"), log: (line) => console.log(line) })
console.log(JSON.stringify({ ...report, failures: report.failures.length }, null, 2))
for (const failure of report.failures) console.log(`FAIL ${failure}`)
process.exit(report.failures.length === 0 ? 0 : 1)
