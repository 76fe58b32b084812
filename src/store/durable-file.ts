// Durable JSON files: the whole-file writers (atomic-file.ts, through write-file-atomic, with the
// folder fsynced after) as the store's callers name them, and the validated read of a JSON file.
import { readFileSync } from "node:fs"
import { basename } from "node:path"
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import { describeZodIssues, formatIssuePath } from "../domain/zod-issues.ts"
import { replaceFile, replaceFileSync, type WriteGuard } from "./atomic-file.ts"

export { describeZodIssues }
export { DIR_MODE, ensureDir, ensureDirSync, FILE_MODE, fsyncDirSync, randomHex, TEMP_NAME, tempPathFor, type WriteGuard } from "./atomic-file.ts"

/** Write `content` to `path` atomically and durably. */
export function writeFileDurable(path: string, content: string | Uint8Array, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, content, true, guard)
}

export function writeFileDurableSync(path: string, content: string | Uint8Array, guard?: WriteGuard): void {
  replaceFileSync(path, content, true, guard)
}

/**
 * Atomic but not fsynced: for state that is rewritten every second and worthless after a power
 * cut (a runner's heartbeat), or derived and rebuilt when lost (a memory snapshot). Readers still
 * never see a half-written file.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, content, false, guard)
}

export function writeFileAtomicSync(path: string, content: string | Uint8Array, guard?: WriteGuard): void {
  replaceFileSync(path, content, false, guard)
}

export function writeJsonAtomic(path: string, value: unknown, guard?: WriteGuard): Promise<void> {
  return writeFileAtomic(path, JSON.stringify(value, null, 2) + "\n", guard)
}

export function writeJsonDurable(path: string, value: unknown, pretty = true, guard?: WriteGuard): Promise<void> {
  return replaceFile(path, JSON.stringify(value, null, pretty ? 2 : undefined) + "\n", true, guard)
}

export type LoadedJson<T> = { status: "missing" } | { status: "ok"; value: T; text: string }

/** Parse and validate a JSON text; a failure is a `corrupt` TskError naming the file and field. */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S, fileLabel: string): z.infer<S> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new TskError("corrupt", `${fileLabel} is not valid JSON (${reason})`, { file: fileLabel })
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const field = parsed.error.issues[0] ? formatIssuePath(parsed.error.issues[0].path) : ""
    throw new TskError("corrupt", `${fileLabel} is invalid: ${describeZodIssues(parsed.error)}`, {
      file: fileLabel,
      field,
    })
  }
  return parsed.data
}

/** Read and validate a JSON file. A missing file is reported as such, never as an error. */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fileLabel = basename(path),
): Promise<LoadedJson<z.infer<S>>> {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" }
    throw new TskError("io", `cannot read ${fileLabel}: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  return { status: "ok", value: parseJsonText(text, schema, fileLabel), text }
}
