import { defineConfig } from "vitest/config"

export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "@opentui/react" },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "node_modules/**"],
    testTimeout: 20000,
    hookTimeout: 20000,
  },
})
