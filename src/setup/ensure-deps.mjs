#!/usr/bin/env node
// Runs before `npm start`, `npm test` and `npm run bench`: on a fresh clone (or after package.json
// changed) it installs the dependencies, Bun included, so the two README commands just work; then
// it rebuilds the bundled entry point (dist/) when a source is newer than it.
import { existsSync, readFileSync, statSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { join, dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { distIsFresh } from "./dist-paths.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const wanted = { ...pkg.dependencies, ...pkg.devDependencies }

function installedVersion(name) {
  const file = join(root, "node_modules", name, "package.json")
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : null
}

function missing() {
  const problems = []
  for (const [name, range] of Object.entries(wanted)) {
    const version = installedVersion(name)
    if (version === null) problems.push(`${name} is not installed`)
    else if (/^\d/.test(range) && version !== range) problems.push(`${name} is ${version}, wanted ${range}`)
  }
  if (!existsSync(join(root, "node_modules", ".bin", "bun"))) problems.push("bun is not installed")
  const lock = join(root, "package-lock.json")
  const marker = join(root, "node_modules", ".package-lock.json")
  if (existsSync(lock) && existsSync(marker) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000) problems.push("package-lock.json changed")
  return problems
}

const problems = missing()
if (problems.length > 0) {
  console.error(`tsk: installing dependencies (${problems[0]}${problems.length > 1 ? `, and ${problems.length - 1} more` : ""})…`)
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" })
  if (result.status !== 0) {
    console.error("tsk: npm install failed; see the messages above.")
    process.exit(result.status ?? 1)
  }
}

if (!distIsFresh(root)) {
  const result = spawnSync(join(root, "node_modules", ".bin", "bun"), [join(root, "src", "setup", "build-dist.ts")], { cwd: root, stdio: "inherit" })
  if (result.status !== 0) {
    console.error("tsk: building dist/ failed; see the messages above.")
    process.exit(result.status ?? 1)
  }
}
