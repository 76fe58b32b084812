// Preloaded (bun --preload) by tests of the bundle, where zod comes compiled (dist/vendor.js) and
// no node_modules load can be caught (see forbid-zod.ts): zod creates its global registry when it
// initialises, so on exit this says on stderr whether it did.
process.on("exit", () => {
  if ((globalThis as { __zod_globalRegistry?: unknown }).__zod_globalRegistry !== undefined) process.stderr.write("zod was initialised\n")
})
