// A command lives a few milliseconds and runs most of its code once. JavaScriptCore compiles the
// code that runs often enough (a sort's compare, a loop over the tasks) on threads of its own,
// which costs a short command more than it gives back: ~1 ms and ~2.5 ms of CPU of a 100-task
// `tsk list`. The entry points import this first: the JIT waits longer at the start, and a
// process still running a little later (the TUI, the runner, a list of 10,000 tasks) has the
// normal JIT back. A Bun without the setting runs as before.
const unsafe = (Bun as { unsafe?: { setJITPolicy?: (scale: number) => void } }).unsafe
const setJITPolicy = unsafe?.setJITPolicy?.bind(unsafe)

/** How many times longer than usual code runs before the JIT compiles it, while the process is young. */
export const START_JIT_SCALE = 16
/** How long the process is young (ms). */
export const START_JIT_MS = 100

if (setJITPolicy) {
  setJITPolicy(START_JIT_SCALE)
  setTimeout(() => setJITPolicy(1), START_JIT_MS).unref()
}

/** The normal JIT from now on: for a process that will run its loops over the whole list at once (the TUI's first screen). */
export function normalJitNow(): void {
  setJITPolicy?.(1)
}
