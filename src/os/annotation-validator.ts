// VALIDATE's file access: find the artifact's file inside its project (never outside it, not even
// through a symbolic link), read it (and a JSON file's sidecar), and apply the annotation rules
// of annotation-rules.ts when its type requires them.
import { readFile, stat } from "node:fs/promises"
import { checkAnnotations } from "./annotation-rules.ts"
import { fileKind, requiresAnnotations } from "./artifact-types.ts"
import { realArtifactPath } from "./project-paths.ts"

const MAX_BYTES = 2 * 1024 * 1024

export interface FileValidation {
  ok: boolean
  reasons: string[]
  /** False when the artifact's type needs no annotations (the file is not read). */
  checked: boolean
}

const rejected = (reason: string): FileValidation => ({ ok: false, reasons: [reason], checked: true })

async function readSidecar(project: string, rel: string): Promise<string | null> {
  const found = await realArtifactPath(project, `${rel}.md`)
  return "path" in found ? readFile(found.path, "utf8").catch(() => null) : null
}

/** Read the artifact's file (`loc` relative to `project`) and apply the rules for its type. */
export async function validateArtifactFile(
  artifact: { loc: string; type: string; dep: readonly string[] },
  activeIssues: readonly string[],
  project: string | null,
): Promise<FileValidation> {
  if (!requiresAnnotations(artifact.type)) return { ok: true, reasons: [], checked: false }
  if (project === null) return rejected(`cannot read ${artifact.loc}: no project folder (send 'cwd' with the command, or set os.projectRoot)`)
  const found = await realArtifactPath(project, artifact.loc)
  if ("reason" in found) return rejected(found.reason)
  const info = await stat(found.path).catch(() => null)
  if (!info) return rejected(`artifact file not found: ${artifact.loc}`)
  if (!info.isFile()) return rejected(`artifact location is not a file: ${artifact.loc}`)
  if (info.size > MAX_BYTES) return rejected(`artifact file is larger than 2 MiB: ${artifact.loc}`)
  const content = await readFile(found.path, "utf8")
  const sidecar = fileKind(artifact.loc) === "json" ? await readSidecar(project, artifact.loc) : null
  const reasons = checkAnnotations({ path: artifact.loc, content, sidecar }, { dep: artifact.dep, activeIssues })
  return { ok: reasons.length === 0, reasons, checked: true }
}
