// The fixed set of artifact types and the file kinds they are tied to. A file's extension decides
// its kind; a code, config or doc file can only be registered under a type that enforces the
// annotation rules, so renaming the type (`typescript`, `test`, `data`) never exempts a source file.
import { TskError } from "../domain/errors.ts"

export const ARTIFACT_TYPES = ["code", "test", "config", "doc", "data", "asset"] as const
export type ArtifactType = (typeof ARTIFACT_TYPES)[number]

/** Types whose files VALIDATE reads and checks against the annotation rules. */
export const ANNOTATED_TYPES: ReadonlySet<ArtifactType> = new Set(["code", "test", "config", "doc"])

export type FileKind = "code" | "config" | "json" | "doc" | "markdown" | "other"

const CODE = "ts tsx mts cts js jsx mjs cjs py rb go rs c h cc cpp hpp cxx java kt kts swift cs scala php dart lua sql sh bash zsh ps1 pl r hs asm s css scss less vue svelte"
const CONFIG = "yaml yml toml ini cfg conf env properties"
const KINDS: Record<string, FileKind> = {
  ...Object.fromEntries(CODE.split(" ").map((ext) => [ext, "code" as const])),
  ...Object.fromEntries(CONFIG.split(" ").map((ext) => [ext, "config" as const])),
  json: "json",
  jsonc: "json",
  json5: "json",
  md: "markdown",
  markdown: "markdown",
  txt: "doc",
  rst: "doc",
  adoc: "doc",
}

/** The types a file of each kind may be registered as (`other`: any type). */
const TYPES_FOR_KIND: Record<FileKind, readonly ArtifactType[]> = {
  code: ["code", "test"],
  config: ["config"],
  json: ["config", "data"],
  doc: ["doc"],
  markdown: ["doc"],
  other: ARTIFACT_TYPES,
}

export const extensionOf = (path: string) => /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? ""

export function fileKind(path: string): FileKind {
  const name = path.split(/[\\/]/).at(-1) ?? ""
  if (/^(Makefile|Dockerfile|Rakefile|Gemfile)$/.test(name)) return "code"
  return KINDS[extensionOf(name)] ?? "other"
}

export const requiresAnnotations = (type: string) => ANNOTATED_TYPES.has(type as ArtifactType)

/** Refuse a type outside the fixed set, or one that does not fit the file's kind. */
export function assertArtifactType(type: string, loc: string, isFile: boolean): asserts type is ArtifactType {
  if (!(ARTIFACT_TYPES as readonly string[]).includes(type)) {
    throw new TskError("invalid", `artifact type '${type}' is not one of ${ARTIFACT_TYPES.join(", ")}`, { field: "type" })
  }
  if (!isFile) {
    if (type !== "data") throw new TskError("invalid", `a data reference (${loc}) can only be registered as type data`, { field: "type" })
    return
  }
  const kind = fileKind(loc)
  const allowed = TYPES_FOR_KIND[kind]
  if (!allowed.includes(type as ArtifactType)) {
    throw new TskError("invalid", `${loc} is a ${kind === "markdown" ? "doc" : kind} file: register it as ${allowed.join(" or ")}, not ${type}`, { field: "type" })
  }
}
