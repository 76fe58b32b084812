// A dump that takes several requests (the Ultimate reads 4 KiB at a time) would mix moments of a
// running machine; backends that can pause the CPU are paused around it so the dump is one moment.
import type { C64Backend } from "../backend.ts"

interface Pausable {
  pause(): Promise<void>
  resume(): Promise<void>
}

function isPausable(backend: C64Backend): backend is C64Backend & Pausable {
  const b = backend as Partial<Pausable>
  return typeof b.pause === "function" && typeof b.resume === "function"
}

export async function withMachinePaused<T>(backend: C64Backend, fn: () => Promise<T>): Promise<T> {
  if (!isPausable(backend)) return fn()
  await backend.pause()
  try {
    return await fn()
  } finally {
    await backend.resume()
  }
}
