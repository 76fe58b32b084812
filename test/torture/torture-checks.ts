// The invariants checked after every torture trial, over the files alone.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { parseCheckpoint } from "../../src/recovery/checkpoint-store.ts"

/** Temp files and locks are in-flight by definition (`tsk doctor` clears a dead writer's). */
const IN_FLIGHT = /(\.tmp-\d+-[0-9a-f]+|\.tmp|\.lock|\.lock\.broken-[0-9a-f]+|\.swap-tmp)$|^tasks\.json\.bridge-/

function walk(dir: string, depth = 7): string[] {
  if (depth < 0 || !existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return walk(path, depth - 1)
    return e.isFile() ? [path] : []
  })
}

/** Every JSON file (and every line of every JSON-lines file) under `root` parses. */
export function unparsableFiles(root: string): string[] {
  const bad: string[] = []
  for (const path of walk(root)) {
    const name = path.split("/").pop()!
    if (IN_FLIGHT.test(name)) continue
    const isJson = name.endsWith(".json") || name.endsWith(".bak")
    const isLines = name.endsWith(".jsonl")
    if (!isJson && !isLines) continue
    const text = readFileSync(path, "utf8")
    try {
      if (isLines) for (const line of text.split("\n").filter((l) => l.length > 0)) JSON.parse(line)
      else JSON.parse(text)
    } catch {
      bad.push(`${relative(root, path)} (${statSync(path).size} bytes)`)
    }
  }
  return bad
}

/** Problems with the checkpoints: any that fails to verify, or whose flat lists are all empty. */
export function badCheckpoints(home: string): string[] {
  const dir = join(home, "checkpoints")
  if (!existsSync(dir)) return []
  const bad: string[] = []
  for (const name of readdirSync(dir).filter((n) => n.startsWith("checkpoint-") && n.endsWith(".json"))) {
    try {
      const checkpoint = parseCheckpoint(readFileSync(join(dir, name), "utf8"))
      if (checkpoint.completedTasks.length + checkpoint.pendingTasks.length + checkpoint.failedTasks.length === 0) bad.push(`${name}: empty`)
    } catch (error) {
      if (existsSync(join(dir, name))) bad.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return bad
}

/**
 * Problems with tasks.journal: a complete line that does not parse, a line against the current
 * base that does not follow on from the one before (a writer that appended after losing its lock),
 * lines against an older base whose revisions reach the base's (only a compaction stopped between
 * its steps may leave lines behind, all below the new base's revision), or a journal set aside.
 */
export function journalProblems(home: string): string[] {
  const problems: string[] = []
  for (const name of readdirSync(home).filter((n) => /^tasks\.journal\.(stale|corrupt)-/.test(n))) problems.push(`journal set aside: ${name}`)
  let text: string
  let baseRevision: number
  try {
    text = readFileSync(join(home, "tasks.journal"), "utf8")
    baseRevision = (JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { revision: number }).revision
  } catch {
    return problems
  }
  const complete = text.slice(0, text.lastIndexOf("\n") + 1).split("\n").filter((l) => l.length > 0)
  let expected = baseRevision + 1
  complete.forEach((raw, index) => {
    let line: { base: number; revision: number }
    try {
      line = JSON.parse(raw)
    } catch {
      // A bad last line is a torn write, cut off by the next writer.
      if (index < complete.length - 1) problems.push(`journal line ${index + 1} does not parse`)
      return
    }
    if (line.base === baseRevision) {
      if (line.revision !== expected) problems.push(`journal line ${index + 1} has revision ${line.revision}, ${expected} expected`)
      expected = line.revision + 1
    } else if (line.revision >= baseRevision) problems.push(`journal line ${index + 1} (base ${line.base}, revision ${line.revision}) beside a base at ${baseRevision}`)
  })
  return problems
}
