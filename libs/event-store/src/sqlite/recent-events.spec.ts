import fc from 'fast-check';
import type { RecordedEvent } from '../event-store.port';
import { RecentEvents } from './recent-events';

/** A log whose positions have gaps, read the way the SQLite store reads it (after a position, at most maxCount). */
function fakeLog() {
  const events: RecordedEvent[] = [];
  let next = 1n;
  let reads = 0;
  return {
    append(count: number, gap: number) {
      for (let n = 0; n < count; n++) {
        next += BigInt(n === 0 ? gap : 0);
        events.push({
          id: `e${next}`,
          streamName: 's',
          revision: events.length,
          position: next,
          type: 'Happened',
          data: { n: Number(next), tags: [{ id: 1 }] },
          metadata: { actor: 'a' } as RecordedEvent['metadata'],
          recordedAt: new Date(0),
        });
        next += 1n;
      }
    },
    read(after: bigint, maxCount: number): RecordedEvent[] {
      reads += 1;
      const later = events.filter((event) => event.position > after);
      return (maxCount < 0 ? later : later.slice(0, maxCount)).map((event) => structuredClone(event));
    },
    positions: () => [0n, ...events.map((event) => event.position)],
    reads: () => reads,
  };
}

const ids = (events: readonly RecordedEvent[]) => events.map((event) => event.id);

describe('RecentEvents', () => {
  it('answers every read exactly as the log does, whatever is appended and read in between', () => {
    const operation = fc.oneof(
      fc.record({ append: fc.integer({ min: 1, max: 6 }), gap: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ readAt: fc.nat(), maxCount: fc.constantFrom(-1, 1, 2, 3, 5, 8, 500) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(operation, { maxLength: 60 }), (capacity, operations) => {
        const log = fakeLog();
        const recent = new RecentEvents(capacity);
        for (const step of operations) {
          if ('append' in step) {
            log.append(step.append, step.gap);
            continue;
          }
          const positions = log.positions();
          // Mostly readers near the head, sometimes one far behind or past the newest position.
          const at = step.readAt % (positions.length + 1);
          const position = at === positions.length ? positions[positions.length - 1] + 5n : positions[positions.length - 1 - at];
          const expected = log.read(position, step.maxCount);
          expect(ids(recent.read(position, step.maxCount, log.read))).toEqual(ids(expected));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('serves readers that follow the head from memory, one query for what is new', () => {
    const log = fakeLog();
    const recent = new RecentEvents(100);
    log.append(3, 0);
    expect(recent.read(0n, 500, log.read)).toHaveLength(3);
    log.append(2, 0);
    const readsBefore = log.reads();
    const first = recent.read(3n, 500, log.read);
    const second = recent.read(3n, 500, log.read);
    expect(ids(second)).toEqual(['e4', 'e5']);
    expect(second[0]).toBe(first[0]);
    expect(log.reads() - readsBefore).toBe(2); // one for the first reader's new events, one to find nothing newer
  });

  it('hands out frozen events, so no reader can change what the next one reads', () => {
    const log = fakeLog();
    log.append(1, 0);
    const [event] = new RecentEvents(10).read(0n, -1, log.read);
    expect(Object.isFrozen(event)).toBe(true);
    expect(() => {
      (event.data as { tags: { id: number }[] }).tags[0].id = 2;
    }).toThrow(TypeError);
  });

  it('keeps nothing of a read behind the head that stops at its count (a rebuild): the next reader reads the log itself', () => {
    const log = fakeLog();
    log.append(3, 0);
    const recent = new RecentEvents(10);
    const first = recent.read(0n, 2, log.read);
    const readsBefore = log.reads();
    const again = recent.read(0n, 2, log.read);
    expect(ids(again)).toEqual(ids(first));
    expect(again[0]).not.toBe(first[0]);
    expect(log.reads() - readsBefore).toBe(1);
  });
});
