/** Lets any number of waiters sleep until notified or until their timeout, whichever comes first. */
export class Signal {
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<() => void>();

  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  /** Calls `listener` on every notify until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
    for (const listener of [...this.listeners]) listener();
  }
}
