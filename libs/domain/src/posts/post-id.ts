/**
 * Post ids are time-ordered 53-bit safe integers: milliseconds since POST_ID_EPOCH_MS, shifted
 * left by 11 bits, plus a sequence within the millisecond. "Order by id" is then "order by
 * creation", which the keyset paging of search (lastFetched...Id) relies on.
 *
 * 11 bits leave 42 bits of milliseconds: ids stay safe integers for about 139 years (until 2163),
 * and one process can mint 2,048 ids per millisecond before it borrows from the next one.
 */
export const POST_ID_EPOCH_MS = Date.UTC(2024, 0, 1);
const SEQUENCE_SIZE = 2 ** 11;
/** The sequence of a new millisecond starts at a random point in its lower half (see below). */
const RANDOM_START_RANGE = SEQUENCE_SIZE / 2;
const MAX_TICK = Math.floor(Number.MAX_SAFE_INTEGER / SEQUENCE_SIZE);
/** The last instant whose ids are still safe integers. */
export const LAST_POST_ID_MS = POST_ID_EPOCH_MS + MAX_TICK;

/** The next id; with `count`, the first of `count` consecutive ids, all reserved (a keyed command's ids, see apps/api idempotency). */
export type PostIdGenerator = (count?: number) => number;

/**
 * Within one process ids are strictly increasing, even when the clock steps back (the generator
 * keeps its last millisecond) or a millisecond's sequence runs out (it borrows the next one).
 * Across processes the random start of each millisecond's sequence makes a clash unlikely; the
 * event store's `no_stream` append on `article-<id>` is what finally refuses a duplicate.
 */
export function createPostIdGenerator(clock: () => number = Date.now, random: () => number = Math.random): PostIdGenerator {
  let lastTick = -1;
  /** The next free sequence number of `lastTick`. */
  let next = 0;
  return (count = 1) => {
    if (!Number.isInteger(count) || count < 1 || count > RANDOM_START_RANGE)
      throw new RangeError(`Cannot reserve ${count} post ids at once.`);
    const now = clock();
    if (now < POST_ID_EPOCH_MS) throw new Error(`The clock reads ${new Date(now).toISOString()}, before the post id epoch.`);
    const tick = Math.max(now - POST_ID_EPOCH_MS, lastTick);
    if (tick > lastTick) {
      lastTick = tick;
      next = Math.floor(random() * RANDOM_START_RANGE);
    }
    if (next + count > SEQUENCE_SIZE) {
      lastTick += 1;
      next = 0;
    }
    if (lastTick > MAX_TICK) throw new Error('Post ids are exhausted: they would no longer be safe integers.');
    const id = lastTick * SEQUENCE_SIZE + next;
    next += count;
    return id;
  };
}

/** The millisecond a post id was minted in (to the precision of the generator's borrowing). */
export const postIdTime = (id: number): Date => new Date(POST_ID_EPOCH_MS + Math.floor(id / SEQUENCE_SIZE));
