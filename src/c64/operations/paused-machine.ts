// A dump that takes several requests (the Ultimate reads 4 KiB at a time) would mix moments of a
// running machine; backends that can pause the CPU are paused around it so the dump is one moment.
import type { C64Backend } from "../backend.ts"

export async function withMachinePaused<T>(backend: C64Backend, fn: () => Promise<T>): Promise<T> {
  if (!backend.pause || !backend.resume) return fn()
  await backend.pause()
  try {
    return await fn()
  } finally {
    await backend.resume()
  }
}
