// Turning an agent's or a person's request into validated input: a zod failure becomes an
// `invalid` TskError naming the command and the field, before anything is read or written.
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import { describeZodIssues } from "../store/durable-file.ts"

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, command: string): z.infer<S> {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) return parsed.data
  throw new TskError("invalid", `${command}: ${describeZodIssues(parsed.error)}`)
}
