// A backend made on first use. `tsk c64 list` and `show` never touch the machine, so they should
// not boot a simulated C64 or open a connection just to close it again. Pause and resume are passed
// on when the backend has them (the Ultimate), so multi-request dumps stay one moment through it.
import type { BackendName, C64Backend } from "../backend.ts"

export function createLazyBackend(name: BackendName, make: () => C64Backend): C64Backend {
  let backend: C64Backend | null = null
  const get = () => (backend ??= make())
  return {
    name,
    read: (address, length) => get().read(address, length),
    write: (address, bytes) => get().write(address, bytes),
    reset: () => get().reset(),
    runPrg: (prg) => get().runPrg(prg),
    status: () => get().status(),
    pause: async () => get().pause?.(),
    resume: async () => get().resume?.(),
    async close() {
      await backend?.close()
    },
  }
}
