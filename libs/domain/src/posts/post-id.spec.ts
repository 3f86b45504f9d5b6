import { createPostIdGenerator, LAST_POST_ID_MS, POST_ID_EPOCH_MS, postIdTime } from './post-id';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

describe('createPostIdGenerator', () => {
  it('mints strictly increasing, unique, safe ids across 100k calls on the real clock', () => {
    const next = createPostIdGenerator();
    const ids = Array.from({ length: 100_000 }, next);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stays increasing when one millisecond runs out of sequence numbers', () => {
    const frozen = POST_ID_EPOCH_MS + 1_000;
    const next = createPostIdGenerator(
      () => frozen,
      () => 0.999,
    );
    const ids = Array.from({ length: 10_000 }, next);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
    // once the clock moves on past the borrowed milliseconds, ids follow the clock again
    const later = createPostIdGenerator(
      () => frozen + 60_000,
      () => 0,
    )();
    expect(later).toBeGreaterThan(ids[ids.length - 1]);
  });

  it('stays increasing when the clock steps back', () => {
    const readings = [5_000, 5_000, 4_000, 3_000, 5_001].map((ms) => POST_ID_EPOCH_MS + ms);
    let i = 0;
    const next = createPostIdGenerator(
      () => readings[i++],
      () => 0.5,
    );
    const ids = readings.map(() => next());
    expect(ids.every((id, j) => j === 0 || id > ids[j - 1])).toBe(true);
  });

  it('orders ids by creation time', () => {
    let ms = POST_ID_EPOCH_MS;
    const next = createPostIdGenerator(() => ms, Math.random);
    const earlier = next();
    ms += 1;
    expect(next()).toBeGreaterThan(earlier);
    expect(postIdTime(earlier).getTime()).toBe(POST_ID_EPOCH_MS);
  });

  it('keeps ids safe integers for more than 100 years', () => {
    expect(LAST_POST_ID_MS - POST_ID_EPOCH_MS).toBeGreaterThan(130 * YEAR_MS);
    const in130Years = POST_ID_EPOCH_MS + 130 * YEAR_MS;
    const next = createPostIdGenerator(
      () => in130Years,
      () => 0.999,
    );
    const ids = Array.from({ length: 5_000 }, next);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
    const atTheEnd = createPostIdGenerator(
      () => LAST_POST_ID_MS,
      () => 0.999,
    );
    expect(Number.isSafeInteger(atTheEnd())).toBe(true);
  });

  it('refuses to mint ids that would not be safe integers, or before the epoch', () => {
    expect(() => createPostIdGenerator(() => LAST_POST_ID_MS + 1)()).toThrow(/exhausted/);
    expect(() => createPostIdGenerator(() => POST_ID_EPOCH_MS - 1)()).toThrow(/before the post id epoch/);
  });

  it('gives two processes minting in the same millisecond different starting points', () => {
    const ms = POST_ID_EPOCH_MS + 42;
    const a = createPostIdGenerator(
      () => ms,
      () => 0.1,
    )();
    const b = createPostIdGenerator(
      () => ms,
      () => 0.7,
    )();
    expect(a).not.toBe(b);
    expect(postIdTime(a)).toEqual(postIdTime(b));
  });
});

describe('createPostIdGenerator(count)', () => {
  it('reserves consecutive ids that no later call mints, borrowing the next millisecond when they do not fit', () => {
    const next = createPostIdGenerator(
      () => POST_ID_EPOCH_MS + 1_000,
      () => 0.999,
    );
    const block = next(4);
    const after = next();
    expect(after).toBe(block + 4);
    const ids = Array.from({ length: 3_000 }, () => next(3));
    expect(ids.every((id, i) => i === 0 || id >= ids[i - 1] + 3)).toBe(true);
    expect(ids.every((id) => (id % 2 ** 11) + 3 <= 2 ** 11)).toBe(true);
    expect(() => next(0)).toThrow(RangeError);
  });
});
