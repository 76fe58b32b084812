// Reading and writing the sync repository's objects with git's plumbing: a tree's task files
// (ls-tree), many blobs in one process (cat-file --batch), a commit of changed files without a
// work tree or an index (fast-import), and refs moved together or not at all (update-ref --stdin).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { committer, git, gitText } from "./git-command.ts"

/** path → blob id of the files under `folder` in `commit` (empty for no commit). */
export async function listTree(gitDir: string, commit: string | null, folder: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (commit === null) return out
  const { stdout } = await git(["ls-tree", "-r", "-z", commit, "--", `${folder}/`], { gitDir })
  const text = stdout.toString("utf8")
  for (const entry of text.split("\0")) {
    if (entry.length === 0) continue
    const tab = entry.indexOf("\t")
    const [, type, id] = entry.slice(0, tab).split(" ")
    if (type === "blob" && id) out.set(entry.slice(tab + 1), id)
  }
  return out
}

/**
 * `files` (the tree of commit `from`) turned into the tree of commit `to` by what git says
 * differs between them under `folder`: two trees that share most folders are compared without
 * listing every file.
 */
export async function diffTree(gitDir: string, from: string, to: string, files: ReadonlyMap<string, string>, folder: string): Promise<Map<string, string>> {
  const out = new Map(files)
  const { stdout } = await git(["diff-tree", "-r", "-z", "--no-renames", from, to, "--", `${folder}/`], { gitDir })
  const parts = stdout.toString("utf8").split("\0")
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const head = parts[i]!
    if (!head.startsWith(":")) {
      i--
      continue
    }
    const [, , , id, status] = head.slice(1).split(" ")
    const path = parts[i + 1]!
    if (status === "D") out.delete(path)
    else out.set(path, id!)
  }
  return out
}

/** The contents of blobs by id, read by one `git cat-file --batch`. */
export async function readBlobs(gitDir: string, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return out
  const { stdout } = await git(["cat-file", "--batch"], { gitDir, input: wanted.join("\n") + "\n" })
  let at = 0
  while (at < stdout.length) {
    const newline = stdout.indexOf(10, at)
    if (newline < 0) break
    const header = stdout.subarray(at, newline).toString("utf8").split(" ")
    at = newline + 1
    if (header[1] === "missing") continue
    const size = Number(header[2])
    out.set(header[0]!, stdout.subarray(at, at + size).toString("utf8"))
    at += size + 1
  }
  return out
}


/** The blob id git gives `content` in a repository of this object format. */
export function blobIdOf(content: string, format: "sha1" | "sha256"): string {
  const bytes = Buffer.from(content, "utf8")
  const hasher = new Bun.CryptoHasher(format)
  hasher.update(`blob ${bytes.length}\0`)
  hasher.update(bytes)
  return hasher.digest("hex")
}

/** The repository's object format, from its config (`extensions.objectformat`; sha1 when absent). */
export function objectFormat(gitDir: string): "sha1" | "sha256" {
  let config = ""
  try {
    config = readFileSync(join(gitDir, "config"), "utf8")
  } catch {
    // no config: git's default
  }
  return /^\s*objectformat\s*=\s*sha256\s*$/im.test(config) ? "sha256" : "sha1"
}

/** Several refs' commits in one `git for-each-ref` (a ref that does not exist is absent). */
export async function readRefs(gitDir: string, refs: readonly string[]): Promise<Map<string, string>> {
  const text = await gitText(["for-each-ref", "--format=%(refname) %(objectname)", ...refs], { gitDir })
  const out = new Map<string, string>()
  for (const line of text.split("\n")) {
    const [ref, id] = line.split(" ")
    if (ref && id && refs.includes(ref)) out.set(ref, id)
  }
  return out
}

/** How `a` and `b` relate: the same, one an ancestor of the other, or apart (one `rev-list`). */
export async function relation(gitDir: string, a: string, b: string): Promise<"same" | "behind" | "ahead" | "apart"> {
  if (a === b) return "same"
  const [onlyA, onlyB] = (await gitText(["rev-list", "--left-right", "--count", `${a}...${b}`], { gitDir })).split(/\s+/).map(Number)
  if (onlyA === 0) return "behind"
  if (onlyB === 0) return "ahead"
  return "apart"
}

/** The commit a ref names, or null when there is none. */
export async function resolveRef(gitDir: string, ref: string): Promise<string | null> {
  const result = await git(["rev-parse", "--verify", "-q", `${ref}^{commit}`], { gitDir, allowFail: true })
  const id = result.stdout.toString("utf8").trim()
  return result.code === 0 && id ? id : null
}

export interface FileChange {
  path: string
  /** null: remove the file. */
  content: string | null
}

/**
 * A commit of `parents[0]`'s tree with `changes` applied (a root commit when there is no
 * parent), written by fast-import onto a scratch ref. Nothing points at it until moveRefs.
 */
export async function writeCommit(gitDir: string, parents: readonly string[], changes: readonly FileChange[], message: string): Promise<string> {
  const { name, email } = committer()
  const parts: (string | Buffer)[] = []
  const data = (text: string) => {
    const bytes = Buffer.from(text, "utf8")
    parts.push(`data ${bytes.length}\n`, bytes, "\n")
  }
  parts.push("feature done\n", "commit refs/tsk/scratch\n", "mark :1\n", `committer ${name} <${email}> ${Math.floor(Date.now() / 1000)} +0000\n`)
  data(message)
  if (parents[0]) parts.push(`from ${parents[0]}\n`)
  else parts.push("deleteall\n")
  for (const parent of parents.slice(1)) parts.push(`merge ${parent}\n`)
  for (const change of changes) {
    if (change.content === null) parts.push(`D ${change.path}\n`)
    else {
      parts.push(`M 100644 inline ${change.path}\n`)
      data(change.content)
    }
  }
  parts.push("\n", "get-mark :1\n", "done\n")
  const input = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : p)))
  const { stdout } = await git(["fast-import", "--quiet", "--force"], { gitDir, input })
  const id = stdout.toString("utf8").trim().split("\n").at(-1) ?? ""
  if (!/^[0-9a-f]{40,64}$/.test(id)) throw new Error(`git fast-import gave no commit id: ${id.slice(0, 80)}`)
  return id
}

/**
 * Move refs in one transaction: each `[ref, newId, oldId]` (oldId null: the ref must not exist;
 * undefined: whatever it is now). Either every ref moves or none does.
 */
export async function moveRefs(gitDir: string, moves: readonly [string, string, (string | null)?][]): Promise<void> {
  const zero = "0".repeat(40)
  const lines = ["start", ...moves.map(([ref, id, old]) => `update ${ref} ${id}${old === undefined ? "" : ` ${old ?? zero}`}`), "prepare", "commit", ""]
  await git(["update-ref", "--stdin"], { gitDir, input: lines.join("\n") })
}

/** The best common ancestor of two commits, or null when their histories are unrelated. */
export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  const result = await git(["merge-base", a, b], { gitDir, allowFail: true })
  const id = result.stdout.toString("utf8").trim()
  return result.code === 0 && id ? id : null
}
