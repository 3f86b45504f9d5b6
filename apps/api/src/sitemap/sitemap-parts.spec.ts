import { partCount, partSlices } from './sitemap-parts';

describe('sitemap parts', () => {
  it('needs one file up to the limit and one more for each limit past it', () => {
    expect(partCount(0, 10)).toBe(1);
    expect(partCount(10, 10)).toBe(1);
    expect(partCount(11, 10)).toBe(2);
    expect(partCount(50_001)).toBe(2);
  });

  it('lists everything in one part while it fits', () => {
    expect(partSlices([3, 5, 2], 1, 10)).toEqual([
      { source: 0, skip: 0, limit: 3 },
      { source: 1, skip: 0, limit: 5 },
      { source: 2, skip: 0, limit: 2 },
    ]);
  });

  it('splits the sources into consecutive parts, across source boundaries, each URL once', () => {
    const counts = [3, 8, 6];
    const parts = [1, 2, 3, 4].map((part) => partSlices(counts, part, 5));
    expect(parts).toEqual([
      [
        { source: 0, skip: 0, limit: 3 },
        { source: 1, skip: 0, limit: 2 },
      ],
      [{ source: 1, skip: 2, limit: 5 }],
      [
        { source: 1, skip: 7, limit: 1 },
        { source: 2, skip: 0, limit: 4 },
      ],
      [{ source: 2, skip: 4, limit: 2 }],
    ]);
    const listed = parts.flat().reduce((sum, slice) => sum + slice.limit, 0);
    expect(listed).toBe(17);
  });

  it('has nothing in a part past the end', () => {
    expect(partSlices([3], 2, 5)).toEqual([]);
  });
});
