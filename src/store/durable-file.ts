// Durable JSON files: temp file + fsync + rename (write-file-atomic), then fsync of the folder so
// the rename itself survives a power cut. Files are 0600, folders 0700.
import { mkdir, open, readFile } from "node:fs/promises"
import { mkdirSync, openSync, fsyncSync, closeSync } from "node:fs"
import { basename, dirname } from "node:path"
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import { describeZodIssues, formatIssuePath } from "../domain/zod-issues.ts"

export { describeZodIssues }

export const FILE_MODE = 0o600
export const DIR_MODE = 0o700

export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
}

export function ensureDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE })
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function fsyncDirSync(dir: string): void {
  const fd = openSync(dir, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Write `content` to `path` atomically and durably. */
export async function writeFileDurable(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path)
  await ensureDir(dir)
  // Loaded on the first write: read-only commands never pay for it.
  const { default: writeFileAtomic } = await import("write-file-atomic")
  await writeFileAtomic(path, typeof content === "string" ? content : Buffer.from(content), {
    mode: FILE_MODE,
    fsync: true,
  })
  await fsyncDir(dir)
}

/**
 * Atomic but not fsynced: for state that is rewritten every second and worthless after a power
 * cut (a runner's heartbeat). Readers still never see a half-written file.
 */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await ensureDir(dirname(path))
  const { default: writeFileAtomic } = await import("write-file-atomic")
  await writeFileAtomic(path, JSON.stringify(value, null, 2) + "\n", { mode: FILE_MODE, fsync: false })
}

export async function writeJsonDurable(path: string, value: unknown, pretty = true): Promise<void> {
  await writeFileDurable(path, JSON.stringify(value, null, pretty ? 2 : undefined) + "\n")
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
    text = await readFile(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" }
    throw new TskError("io", `cannot read ${fileLabel}: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  return { status: "ok", value: parseJsonText(text, schema, fileLabel), text }
}
