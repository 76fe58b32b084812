// Reading versioned files: the whole validated value, or just the `v` the optimistic lock compares.
import { readFile } from "node:fs/promises"
import { relative } from "node:path"
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import { readJsonFile } from "../store/durable-file.ts"

/** A file's label in messages: its path under the root (never an absolute path). */
export function fileLabel(root: string, path: string): string {
  return relative(root, path) || path
}

/** The validated value, or null when the file does not exist. A bad file is a `corrupt` error. */
export async function readVersioned<S extends z.ZodType>(path: string, schema: S, label: string): Promise<z.infer<S> | null> {
  const loaded = await readJsonFile(path, schema, label)
  return loaded.status === "ok" ? loaded.value : null
}

/** The version on disk right now, or null when the file does not exist. */
export async function readDiskVersion(path: string, label: string): Promise<number | null> {
  let text: string
  try {
    text = await readFile(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw new TskError("io", `cannot read ${label}: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new TskError("corrupt", `${label} is not valid JSON`, { file: label })
  }
  const v = (raw as { v?: unknown } | null)?.v
  if (typeof v !== "number" || !Number.isInteger(v)) throw new TskError("corrupt", `${label} has no version field 'v'`, { file: label, field: "v" })
  return v
}
