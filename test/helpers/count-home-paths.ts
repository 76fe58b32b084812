// Preloaded (bun --preload) by the test that pins how often a store operation works out its home's
// paths (store/paths.ts): homePaths counts its calls, and on exit the count is said on stderr.
import { plugin } from "bun"
import { readFileSync } from "node:fs"

const COUNTER = Symbol.for("tsk.homePathsCalls")
const HEAD = "export function homePaths(home: string) {"

plugin({
  name: "count homePaths",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]store[\\/]paths\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8")
      if (!source.includes(HEAD)) throw new Error(`count-home-paths: ${args.path} no longer declares '${HEAD}'`)
      const counted = source.replace(HEAD, `${HEAD}\n  ;(globalThis as Record<symbol, number>)[Symbol.for("tsk.homePathsCalls")] = ((globalThis as Record<symbol, number>)[Symbol.for("tsk.homePathsCalls")] ?? 0) + 1`)
      return { contents: counted, loader: "ts" }
    })
  },
})

process.on("exit", () => {
  process.stderr.write(`homePaths calls: ${(globalThis as Record<symbol, number | undefined>)[COUNTER] ?? 0}\n`)
})
