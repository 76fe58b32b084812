// Preloaded (bun --preload) by tests that check which commands load write-file-atomic (see
// store/atomic-file.ts): on exit this says on stderr whether the process required it.
process.on("exit", () => {
  const loaded = Object.keys(require.cache).some((path) => /[\\/]node_modules[\\/]write-file-atomic[\\/]/.test(path))
  process.stderr.write(`write-file-atomic loaded: ${loaded}\n`)
})
