// In-process ordering of writes to one file, so a process never competes with itself for the
// cross-process lock (the lock's retry back-off would add latency for nothing).
const queues = new Map<string, Promise<unknown>>()

export function enqueue<T>(key: string, job: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve()
  const run = previous.then(job, job)
  const tail = run.catch(() => {})
  queues.set(key, tail)
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return run
}
