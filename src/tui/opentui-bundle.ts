// The entry point of dist/opentui.js: OpenTUI, compiled with its bytecode apart from dist/tui.js
// (see src/setup/build-dist.ts), which takes each of these from it in place of the package.
export * as core from "@opentui/core"
export * as react from "@opentui/react"
export * as jsxRuntime from "@opentui/react/jsx-runtime"
