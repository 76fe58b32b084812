// Preloaded (bun --preload) by tests that check a path never loads zod: the schema costs a CLI
// command tens of milliseconds of start-up, so the everyday paths answer without it.
import { plugin } from "bun"

plugin({
  name: "forbid zod",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]/ }, (args) => {
      throw new Error(`zod was loaded: ${args.path}`)
    })
  },
})
