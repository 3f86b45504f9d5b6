import { CATEGORIES, findCategory, listCategories } from './categories';

describe('categories', () => {
  it.each([
    [3, 'C#'],
    [110, 'Data Structures and Algorithms'],
    [121, 'Design Patterns'],
    [123, 'Multithreading'],
    [126, 'Machine Learning'],
  ])('keeps the SPA shortcut category %i as %s', (id, subCategory) => {
    expect(findCategory(id)).toEqual({ id, subCategory });
  });

  it('has unique ids and unique names', () => {
    expect(new Set(CATEGORIES.map((c) => c.id)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.subCategory.toLowerCase())).size).toBe(CATEGORIES.length);
    expect(CATEGORIES.every((c) => Number.isSafeInteger(c.id) && c.id > 0)).toBe(true);
  });

  it('lists every category alphabetically', () => {
    const names = listCategories().map((c) => c.subCategory);
    expect(names).toHaveLength(CATEGORIES.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  });

  it('finds nothing for an unknown id', () => {
    expect(findCategory(9999)).toBeUndefined();
  });
});
