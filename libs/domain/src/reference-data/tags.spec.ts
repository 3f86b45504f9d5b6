import { findTag, listTags, TAGS } from './tags';

describe('tags', () => {
  it('has unique positive ids and unique names', () => {
    expect(TAGS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(TAGS.map((t) => t.id)).size).toBe(TAGS.length);
    expect(new Set(TAGS.map((t) => t.subTag)).size).toBe(TAGS.length);
    expect(TAGS.every((t) => Number.isSafeInteger(t.id) && t.id > 0)).toBe(true);
  });

  it('keeps ids stable', () => {
    expect(findTag(1)).toEqual({ id: 1, subTag: 'csharp' });
    expect(findTag(8)).toEqual({ id: 8, subTag: 'javascript' });
  });

  it('lists every tag alphabetically', () => {
    const names = listTags().map((t) => t.subTag);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds nothing for an unknown id', () => {
    expect(findTag(0)).toBeUndefined();
  });
});
