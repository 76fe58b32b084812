// A C64 backend over a plain 64 KiB array, for tests that need memory without a CPU. It can be
// told to fail, and it counts calls so tests can see what the code under test asked for.
import type { BackendName, BackendStatus, C64Backend } from "../../../src/c64/backend.ts"

export interface FakeBackend extends C64Backend {
  memory: Uint8Array
  calls: { read: number; write: number; reset: number; runPrg: number }
  /** The next `n` reads reject with `message`. */
  failReads(n: number, message?: string): void
  closed: boolean
  lastPrg: Uint8Array | null
}

export function createFakeBackend(name: BackendName = "sim"): FakeBackend {
  const memory = new Uint8Array(0x10000)
  let failuresLeft = 0
  let failure = "read failed"
  const backend: FakeBackend = {
    name,
    memory,
    calls: { read: 0, write: 0, reset: 0, runPrg: 0 },
    closed: false,
    lastPrg: null,
    failReads(n, message = "read failed") {
      failuresLeft = n
      failure = message
    },
    async read(address, length) {
      backend.calls.read++
      if (failuresLeft > 0) {
        failuresLeft--
        throw new Error(failure)
      }
      if (address < 0 || length < 0 || address + length > 0x10000) throw new RangeError("out of range")
      return memory.slice(address, address + length)
    },
    async write(address, bytes) {
      backend.calls.write++
      memory.set(bytes, address)
    },
    async reset() {
      backend.calls.reset++
      memory.fill(0)
    },
    async runPrg(prg) {
      backend.calls.runPrg++
      backend.lastPrg = prg
      const load = prg[0]! | (prg[1]! << 8)
      memory.set(prg.subarray(2), load)
    },
    async status(): Promise<BackendStatus> {
      return { backend: name, ok: true, detail: "fake memory" }
    },
    async close() {
      backend.closed = true
    },
  }
  return backend
}
