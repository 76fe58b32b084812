export interface CoalescedRefresh {
  /** Read now, or, when a read is running, once more right after it. */
  run(): Promise<void>
  /** A read is running. */
  busy(): boolean
  /** Resolves when no read is running. */
  settled(): Promise<void>
}

/**
 * A refresh that never runs twice at once: asked for while one runs, it reads again right after,
 * so the last change is never missed and reads never pile up. `read` failures keep what was shown.
 */
export function coalescedRefresh(read: () => Promise<void>, isClosed: () => boolean): CoalescedRefresh {
  let running: Promise<void> | null = null
  let again = false
  return {
    run() {
      if (isClosed()) return Promise.resolve()
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        try {
          do {
            again = false
            await read().catch(() => {
              // An unreadable file shows as it was last read; the CLI (`tsk c64 list`, `tsk os check`) explains.
            })
          } while (again && !isClosed())
        } finally {
          running = null
        }
      })()
      return running
    },
    busy: () => running !== null,
    settled: async () => {
      await running
    },
  }
}
