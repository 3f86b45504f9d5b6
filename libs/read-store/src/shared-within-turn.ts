/**
 * One lookup per key for every caller in the same turn of the event loop: the requests read in
 * one I/O poll share it (under load, a dozen or more; the version reads were a quarter of a
 * public read's CPU). It is still read after each of them arrived, so a reader whose command was
 * answered before it asked sees that command's effect.
 */
export class SharedWithinTurn<T> {
  private current = new Map<string, Promise<T>>();

  get(key: string, lookup: () => Promise<T>): Promise<T> {
    let found = this.current.get(key);
    if (!found) {
      if (this.current.size === 0) setImmediate(() => this.current.clear());
      found = lookup();
      this.current.set(key, found);
    }
    return found;
  }
}
