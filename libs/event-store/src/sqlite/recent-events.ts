import type { RecordedEvent } from '../event-store.port';

/**
 * The newest events of the log, decoded once, for the readers that follow its head: the
 * projections, the reactors and the live subscriptions of a process all read the same few events
 * after each commit, and each would otherwise query and JSON-decode them again.
 *
 * The window holds every committed event after `after`, up to its last one, with no gap: it only
 * grows from a complete read of the log after its last position, and starts afresh from a read
 * that reached the head. Its events are frozen, since every reader gets the same objects.
 */
export class RecentEvents {
  private after: bigint | null = null;
  private events: RecordedEvent[] = [];

  constructor(private readonly capacity: number) {}

  /**
   * The events after `position` (at most `maxCount`, -1 for all), from the window and then from
   * `readLog` for what lies past it, or all from `readLog` when `position` is outside the window.
   */
  read(position: bigint, maxCount: number, readLog: (after: bigint, maxCount: number) => RecordedEvent[]): RecordedEvent[] {
    const last = this.events.length > 0 ? this.events[this.events.length - 1].position : this.after;
    if (this.after === null || last === null || position < this.after || position > last) {
      const read = readLog(position, maxCount);
      // A read that reached the head (not cut by maxCount) is a complete window to follow it from.
      // One that did not (a rebuild far behind) is its reader's alone: it is not kept, nor frozen.
      if (maxCount < 0 || read.length < maxCount) this.restart(position, read.map(freezeEvent));
      return read;
    }
    const start = this.indexAfter(position);
    const held = maxCount < 0 ? this.events.slice(start) : this.events.slice(start, start + maxCount);
    if (maxCount >= 0 && held.length === maxCount) return held;
    const newer = readLog(last, maxCount < 0 ? maxCount : maxCount - held.length).map(freezeEvent);
    this.extend(newer);
    return held.length === 0 ? newer : held.concat(newer);
  }

  private restart(after: bigint, events: RecordedEvent[]): void {
    this.after = after;
    this.events = [];
    this.extend(events);
  }

  private extend(events: readonly RecordedEvent[]): void {
    if (events.length === 0) return;
    this.events.push(...events);
    const excess = this.events.length - this.capacity;
    if (excess > 0) {
      this.after = this.events[excess - 1].position;
      this.events = this.events.slice(excess);
    }
  }

  /** The index of the first held event after `position` (positions ascend). */
  private indexAfter(position: bigint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle].position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function freezeEvent(event: RecordedEvent): RecordedEvent {
  deepFreeze(event.data);
  deepFreeze(event.metadata);
  return Object.freeze(event);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
