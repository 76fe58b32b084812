// Preloaded (bun --preload) by tests of the bundle, whose Node builtins load when first used (see
// builtinsOnFirstUse in build-dist.ts): on exit this says on stderr which the bundle loaded.
import { BUILTINS_LOADED } from "../../src/setup/build-dist.ts"

process.on("exit", () => {
  const loaded = (globalThis as Record<symbol, string[] | undefined>)[Symbol.for(BUILTINS_LOADED)] ?? []
  process.stderr.write(`builtins loaded: ${JSON.stringify(loaded)}\n`)
})
