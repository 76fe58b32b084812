// Preloaded (bun --preload) by tests of the bundle: on exit this says on stderr which files of
// dist/ the process required (the entry point, and the bundles it loaded on demand).
process.on("exit", () => {
  const required = Object.keys(require.cache).filter((path) => /\/dist\/[^/]+\.js$/.test(path)).map((path) => path.slice(path.lastIndexOf("/") + 1))
  process.stderr.write(`bundles required: ${JSON.stringify(required.sort())}\n`)
})
