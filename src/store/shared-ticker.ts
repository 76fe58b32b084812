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
// the shared timer does while any of its callbacks does. The timers tick `TICK_LEAD_MS` before
// the grid of their period on `clockNow` (whole seconds), the clock the C64 scheduler aligns its
// tasks to: the heartbeat and the emulator's catch-up are done by the time the tasks sample, so
// neither delays a sample, and the tasks then need only a tenth of a second of emulation.

/** Milliseconds since the epoch on the monotonic clock (fractions kept). */
export const clockNow = () => performance.timeOrigin + performance.now()

/** The period the shared one-second timer runs at; whole multiples of it ride on it. */
export const TICK_MS = 1000
/** How long before the grid point (a whole second) a tick comes. */
export const TICK_LEAD_MS = 100

interface Tick {
  fn: () => void
  /** Runs every `every`-th tick of its timer, counted from `start` (the tick it was added at). */
  every: number
  start: number
  keepAlive: boolean
}

interface SharedTimer {
  period: number
  timer: ReturnType<typeof setTimeout> | null
  ticks: Set<Tick>
  count: number
  keepAlive: boolean
}

const timers = new Map<number, SharedTimer>()

function refresh(shared: SharedTimer): void {
  shared.keepAlive = [...shared.ticks].some((t) => t.keepAlive)
  if (shared.keepAlive) shared.timer?.ref?.()
  else shared.timer?.unref?.()
}

/** The next tick: the grid point after the nearest one, less the lead (a timer a little early or late still ticks once). */
function arm(shared: SharedTimer): void {
  const now = clockNow()
  const next = Math.round((now + TICK_LEAD_MS) / shared.period) * shared.period + shared.period - TICK_LEAD_MS
  shared.timer = setTimeout(() => fire(shared), next - now)
  if (!shared.keepAlive) shared.timer.unref?.()
}

function fire(shared: SharedTimer): void {
  arm(shared)
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
    shared = { period: base, timer: null, ticks: new Set(), count: 0, keepAlive: true }
    timers.set(base, shared)
    arm(shared)
  }
  // A period of several ticks counts from now, as a timer of its own would.
  const tick: Tick = { fn, every: onBase ? periodMs / TICK_MS : 1, start: shared.count, keepAlive: options.keepAlive ?? true }
  shared.ticks.add(tick)
  refresh(shared)
  const owner = shared
  return () => {
    if (!owner.ticks.delete(tick)) return
    if (owner.ticks.size === 0) {
      if (owner.timer !== null) clearTimeout(owner.timer)
      owner.timer = null
      if (timers.get(base) === owner) timers.delete(base)
    } else refresh(owner)
  }
}
