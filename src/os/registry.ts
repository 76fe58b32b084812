// Artifact records: what a completed task produced, registered under `registry/<dom>/<id>.json`
// and mapped by `registry_summary.json`. A file artifact keeps its project folder (`root`) and its
// location relative to it, so every surface later reads the same file.
import { join } from "node:path"
import { TskError } from "../domain/errors.ts"
import { requiresAnnotations } from "./artifact-types.ts"
import { artifactRelPath, type OsPaths } from "./os-paths.ts"
import { ArtifactFile, type SummaryFile, type TaskOutput } from "./schemas.ts"
import { readVersioned } from "./versioned-file.ts"

/** The record a task's output registers; a re-registration keeps the linked issues. */
export function buildArtifactRecord(
  output: TaskOutput,
  existing: ArtifactFile | null,
  origin: { plan: string | null; task: string | null; project: string | null },
): ArtifactFile {
  return {
    v: existing?.v ?? 0,
    id: output.id,
    dom: output.dom,
    loc: output.loc,
    type: output.type,
    pu: output.pu ?? null,
    if: output.if ?? [],
    dep: output.dep ?? [],
    ki: existing?.ki ?? [],
    ann: requiresAnnotations(output.type),
    plan: origin.plan,
    task: origin.task,
    root: origin.project,
  }
}

/** Read the artifact a summary maps `id` to; not_found when it is not registered. */
export async function readArtifact(paths: OsPaths, summary: SummaryFile, id: string): Promise<{ record: ArtifactFile; path: string }> {
  const item = summary.items[id]
  if (!item) throw new TskError("not_found", `artifact ${id} is not registered`, { artifactId: id })
  const path = join(paths.root, item.path)
  const record = await readVersioned(path, ArtifactFile, item.path)
  if (!record) throw new TskError("not_found", `artifact ${id} is in registry_summary.json but ${item.path} is missing; run 'tsk os check --repair'`)
  return { record, path }
}

/** Where a new or updated artifact goes; refuses to move an id to another domain. */
export function artifactTarget(paths: OsPaths, summary: SummaryFile, output: TaskOutput): { rel: string; path: string } {
  const rel = artifactRelPath(output.dom, output.id)
  const existing = summary.items[output.id]
  if (existing && existing.path !== rel) {
    throw new TskError("invalid", `artifact ${output.id} is already registered at ${existing.path}; an artifact keeps its domain`, {
      artifactId: output.id,
    })
  }
  return { rel, path: join(paths.root, rel) }
}
