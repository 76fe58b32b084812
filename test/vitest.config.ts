import { defineConfig } from "vitest/config"
import { fileURLToPath } from "node:url"

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  esbuild: { jsx: "automatic", jsxImportSource: "@opentui/react" },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "node_modules/**"],
    globalSetup: ["test/helpers/global-setup.ts"],
    setupFiles: ["test/helpers/setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
