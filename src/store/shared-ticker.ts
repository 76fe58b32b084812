// One timer per period for a whole process: the runner's periodic checks (its heartbeat, the
// journal fold, the sync and checkpoint checks, the inbox poll, the C64 registry guard, the
// emulator's slices) all tick once a second, and each timer of its own was a wake-up of its own.
// Callbacks with the same period share one interval and run one after the other in a single
// wake-up; a period of several seconds rides on the one-second timer every n-th tick. A callback
// that throws does not keep the others from running.
//
//   const off = everyTick(1000, () => beat())   // off() when done
//
// A registration asks the process to stay alive (`keepAlive`, as a plain timer does) or not;
// the shared timer does while any of its callbacks does.

/** The period the shared one-second timer runs at; whole multiples of it ride on it. */
export const TICK_MS = 1000

interface Tick {
  fn: () => void
  /** Runs every `every`-th tick of its timer, counted from `start` (the tick it was added at). */
  every: number
  start: number
  keepAlive: boolean
}

interface SharedTimer {
  timer: ReturnType<typeof setInterval>
  ticks: Set<Tick>
  count: number
}

const timers = new Map<number, SharedTimer>()

function refresh(shared: SharedTimer): void {
  const alive = [...shared.ticks].some((t) => t.keepAlive)
  if (alive) shared.timer.ref?.()
  else shared.timer.unref?.()
}

function fire(shared: SharedTimer): void {
  shared.count++
  for (const tick of [...shared.ticks]) {
    if (!shared.ticks.has(tick) || (shared.count - tick.start) % tick.every !== 0) continue
    try {
      tick.fn()
    } catch {
      // A callback's own failure is its own business (each one catches what it reports).
    }
  }
}

/** Runs `fn` every `periodMs` on the shared timer of that period (or of one second); returns the way to stop. */
export function everyTick(periodMs: number, fn: () => void, options: { keepAlive?: boolean } = {}): () => void {
  const onBase = periodMs > TICK_MS && periodMs % TICK_MS === 0
  const base = onBase ? TICK_MS : periodMs
  let shared = timers.get(base)
  if (!shared) {
    const created: SharedTimer = { timer: setInterval(() => fire(created), base), ticks: new Set(), count: 0 }
    shared = created
    timers.set(base, shared)
  }
  // A period of several ticks counts from now, as a timer of its own would.
  const tick: Tick = { fn, every: onBase ? periodMs / TICK_MS : 1, start: shared.count, keepAlive: options.keepAlive ?? true }
  shared.ticks.add(tick)
  refresh(shared)
  const owner = shared
  return () => {
    if (!owner.ticks.delete(tick)) return
    if (owner.ticks.size === 0) {
      clearInterval(owner.timer)
      if (timers.get(base) === owner) timers.delete(base)
    } else refresh(owner)
  }
}
