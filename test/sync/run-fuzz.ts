// The randomised sync run at full size: `bun test/sync/run-fuzz.ts [operations] [seed]` (1,000
// operations by default) over three homes and one bare repository; prints what it did and
// exits 1 when the homes disagree or an acknowledged change is missing.
import { makeTempHome } from "../helpers/temp-home.ts"
import { missingChanges, runFuzz } from "./sync-fuzz.ts"

const operations = Number(process.argv[2] ?? 1000)
const seed = Number(process.argv[3] ?? Date.now() % 100_000)
const temp = makeTempHome("tsk-sync-fuzz-")
const started = performance.now()
try {
  const outcome = await runFuzz(temp.home, operations, seed)
  const same = outcome.lists.every((list) => JSON.stringify(list) === JSON.stringify(outcome.lists[0]))
  const missing = missingChanges(outcome)
  console.log(
    `seed ${seed}: ${outcome.operations} operations, ${outcome.syncs} syncs, ${outcome.lists[0]!.length} tasks at the end, ` +
      `${outcome.lostTitles.size} titles set aside as conflicts, homes agree: ${same}, missing changes: ${missing.length} ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  )
  for (const line of missing.slice(0, 20)) console.log(`  missing ${line}`)
  process.exitCode = same && missing.length === 0 ? 0 : 1
} finally {
  temp.cleanup()
}
