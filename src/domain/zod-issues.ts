import type * as z from "zod"

export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = ""
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`
    else out += out.length === 0 ? String(part) : `.${String(part)}`
  }
  return out
}

/** The first problems of a zod error as `field: message`, naming the field path. */
export function describeZodIssues(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.length > 0 ? formatIssuePath(issue.path) : "(root)"}: ${issue.message}`)
    .join("; ")
}
