// The consistency check's view of one collection (plans or the artifact registry): the files on
// disk against their summary. Pure once the files are scanned: it returns the findings, the summary
// as it should be, and the files to move aside (damaged ones and the losers of a duplicate id).
import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import type * as z from "zod"
import { parseJsonText } from "../store/durable-file.ts"
import type { SummaryFile } from "./schemas.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"

export type FindingKind =
  | "missing_summary"
  | "missing_file"
  | "unreadable"
  | "id_mismatch"
  | "version_drift"
  | "duplicate_id"
  | "orphan"
  | "misplaced"
  | "issue_link"
  | "issue_cache"
  | "retry_drift"
  | "current_plan"
  | "state_unreadable"
  | "counter_drift"
  | "torn_log_line"

export interface Finding {
  kind: FindingKind
  /** The file concerned, relative to the root. */
  file: string
  message: string
  /** What repair does about it; null when it needs a person. */
  fix: string | null
  repaired: boolean
}

export interface Versioned {
  v: number
  id: string
  dom: string
}

export interface ScannedFile<T> {
  rel: string
  record: T | null
  error: string | null
}

/** Every `<dir>/<dom>/<name>.json` file, parsed with `schema`. */
export async function scanCollection<S extends z.ZodType<Versioned>>(root: string, dir: string, schema: S): Promise<Array<ScannedFile<z.infer<S>>>> {
  const files: Array<ScannedFile<z.infer<S>>> = []
  const domains = await readdir(join(root, dir), { withFileTypes: true }).catch(() => [])
  for (const domain of domains.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const names = (await readdir(join(root, dir, domain.name))).filter((name) => name.endsWith(".json")).sort()
    for (const name of names) {
      const rel = `${dir}/${domain.name}/${name}`
      try {
        files.push({ rel, record: parseJsonText(await readFile(join(root, rel), "utf8"), schema, rel), error: null })
      } catch (error) {
        files.push({ rel, record: null, error: sanitizeErrorMessage(error) })
      }
    }
  }
  return files
}

export interface CollectionCheck {
  findings: Finding[]
  /** The summary after repair (its `v` is the one read; the writer bumps it). */
  summary: SummaryFile
  summaryChanged: boolean
  /** Files repair moves aside (relative paths). */
  moveAside: string[]
}

const finding = (kind: FindingKind, file: string, message: string, fix: string | null): Finding => ({ kind, file, message, fix, repaired: false })

export function checkCollection<T extends Versioned>(
  label: string,
  summaryLabel: string,
  files: Array<ScannedFile<T>>,
  summary: SummaryFile | null,
): CollectionCheck {
  const findings: Finding[] = []
  const moveAside: string[] = []
  const items = { ...(summary?.items ?? {}) }
  if (!summary) findings.push(finding("missing_summary", summaryLabel, `${summaryLabel} is missing or unreadable`, "rebuild it from the files"))
  const byRel = new Map(files.map((file) => [file.rel, file]))
  for (const [id, item] of Object.entries(items)) {
    const file = byRel.get(item.path)
    if (!file) {
      findings.push(finding("missing_file", item.path, `${summaryLabel} maps ${label} ${id} to ${item.path}, which does not exist`, "remove the entry"))
      delete items[id]
    } else if (!file.record) {
      findings.push(finding("unreadable", item.path, `${item.path} (${label} ${id}) is unreadable: ${file.error}`, "move the file aside and remove the entry"))
      moveAside.push(item.path)
      delete items[id]
    } else if (file.record.id !== id) {
      findings.push(finding("id_mismatch", item.path, `${summaryLabel} maps ${id} to ${item.path}, whose id is ${file.record.id}`, "remove the entry"))
      delete items[id]
    } else if (file.record.v !== item.v) {
      findings.push(finding("version_drift", item.path, `${summaryLabel} has ${label} ${id} at v${item.v}, the file is at v${file.record.v}`, "record the file's version"))
      items[id] = { ...item, v: file.record.v }
    }
  }
  const byId = new Map<string, Array<ScannedFile<T> & { record: T }>>()
  for (const file of files) {
    if (!file.record) {
      if (!moveAside.includes(file.rel)) {
        findings.push(finding("unreadable", file.rel, `${file.rel} is unreadable: ${file.error}`, "move the file aside"))
        moveAside.push(file.rel)
      }
      continue
    }
    byId.set(file.record.id, [...(byId.get(file.record.id) ?? []), file as ScannedFile<T> & { record: T }])
  }
  for (const [id, group] of byId) {
    const mapped = items[id]?.path
    const keeper = group.find((file) => file.rel === mapped) ?? [...group].sort((a, b) => b.record.v - a.record.v || a.rel.localeCompare(b.rel))[0]!
    for (const loser of group.filter((file) => file !== keeper)) {
      findings.push(finding("duplicate_id", loser.rel, `${loser.rel} repeats ${label} id ${id} (kept: ${keeper.rel})`, "move the duplicate aside"))
      moveAside.push(loser.rel)
    }
    if (!mapped) {
      findings.push(finding("orphan", keeper.rel, `${keeper.rel} (${label} ${id}) is not in ${summaryLabel}`, "add it to the summary"))
      items[id] = { path: keeper.rel, v: keeper.record.v }
    }
    const [, dom, name] = keeper.rel.split("/")
    if (keeper.record.dom !== dom || `${id}.json` !== name) {
      findings.push(finding("misplaced", keeper.rel, `${keeper.rel} holds ${label} ${id} of domain ${keeper.record.dom}`, null))
    }
  }
  const changed = !summary || JSON.stringify(items) !== JSON.stringify(summary.items)
  return { findings, summary: { v: summary?.v ?? 0, items }, summaryChanged: changed, moveAside }
}
