// Phase transitions: A → B → C → V → (C | I), and I → A to take up a new goal. Anything else is an
// invalid request, refused before anything is written.
import { TskError } from "../domain/errors.ts"
import { PHASE_NAMES, type Phase } from "./schemas.ts"

const NEXT_PHASES: Record<Phase, readonly Phase[]> = {
  I: ["A"],
  A: ["B"],
  B: ["C"],
  C: ["V"],
  V: ["C", "I"],
}

export const describePhase = (ph: Phase) => `${ph} (${PHASE_NAMES[ph]})`

export function canTransition(from: Phase, to: Phase): boolean {
  return NEXT_PHASES[from].includes(to)
}

/** Throw `invalid` unless `from → to` is a transition (staying in a phase is not one). */
export function assertTransition(from: Phase, to: Phase, action: string): void {
  if (from === to || canTransition(from, to)) return
  const allowed = NEXT_PHASES[from].map(describePhase).join(" or ")
  throw new TskError(
    "invalid",
    `cannot ${action} in phase ${describePhase(from)}: it would move to ${describePhase(to)}, but from ${from} the next phase is ${allowed}`,
    { phase: from, to },
  )
}

/** Throw `invalid` unless the current phase is one of `phases`. */
export function assertPhase(current: Phase, phases: readonly Phase[], action: string, hint: string): void {
  if (phases.includes(current)) return
  throw new TskError(
    "invalid",
    `cannot ${action} in phase ${describePhase(current)}; it needs phase ${phases.map(describePhase).join(" or ")}. ${hint}`,
    { phase: current },
  )
}
