import { defineConfig } from "vitest/config"
import { fileURLToPath } from "node:url"

// tmux sessions are real terminals on a shared machine: one file at a time, generous timeouts.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
