// Every write the TUI starts is tracked so quitting can wait for it: a key press acknowledged on
// screen is never lost because the person pressed q right after.
export class PendingWrites {
  private readonly inFlight = new Set<Promise<unknown>>()

  track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise)
    const forget = () => this.inFlight.delete(promise)
    promise.then(forget, forget)
    return promise
  }

  get count(): number {
    return this.inFlight.size
  }

  /** Resolves when every tracked write (including ones started meanwhile) has settled. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }
}
