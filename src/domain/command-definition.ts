// One bridge command: its name, the zod schema of its payload, what it does, and how it reads in
// a toast or the runner's log. Task, c64-* and os-* commands are all defined this way and handed
// to the runner, which validates, runs and answers them. The shape lives here, low, because the
// c64/ and os/ layers define commands and the bridge above them runs them.
import type * as z from "zod"

export interface BridgeCommandDefinition<S extends z.ZodType = z.ZodType> {
  command: string
  payload: S
  /** Do the work; the result becomes the response's `data`. Throw a TskError for a clear failure. */
  run(payload: z.infer<S>): Promise<unknown>
  /** A short summary for people, e.g. `created 'Fix bug'` (shown as "Agent: created 'Fix bug'"). */
  describe(payload: z.infer<S>, data: unknown): string
  /**
   * Only reads: when a runner dies while running it, the next runner simply runs it again instead
   * of answering that it may or may not have taken effect.
   */
  readOnly?: boolean
  /** Machine-readable detail for an error response's `data` (e.g. the state a failure left behind). */
  errorData?(error: unknown): unknown
}

/** Keeps the payload's type tied to its schema at the definition site. */
export function defineBridgeCommand<S extends z.ZodType>(definition: BridgeCommandDefinition<S>): BridgeCommandDefinition {
  return definition as unknown as BridgeCommandDefinition
}
