// Prints the peak resident memory (MiB) of one process: `bun peak-rss.ts <command...>`. A child's
// peak counts its parent's memory at the fork, so the bench (holding 50,000 generated tasks)
// measures through this small process instead of spawning the command itself.
const result = Bun.spawnSync(process.argv.slice(2), { stdout: "pipe", stderr: "pipe" })
if (result.exitCode !== 0) {
  console.error(result.stderr.toString())
  process.exit(1)
}
console.log(JSON.stringify({ maxRssMiB: (result.resourceUsage?.maxRSS ?? 0) / 2 ** 20 }))
