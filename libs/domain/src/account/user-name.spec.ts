import { deriveUserName, isValidUserName, userNameBase, userNameCandidates } from './user-name';

const take = <T>(iterator: Iterator<T>, count: number): T[] => Array.from({ length: count }, () => iterator.next().value as T);

describe('userNameBase', () => {
  it.each([
    ['Ada Lovelace', 'ada-lovelace'],
    ['  José   Núñez  ', 'jose-nunez'],
    ['Zoë O’Brien-Ødegård', 'zoe-o-brien-odegard'],
    ['Straße & Æsir', 'strasse-aesir'],
    ['Łukasz Żółw', 'lukasz-zolw'],
    ['R2-D2!!!', 'r2-d2'],
    ['--Dash--Name--', 'dash-name'],
    ['ﬁne ①', 'fine-1'],
  ])('%s -> %s', (name, handle) => {
    expect(userNameBase(name)).toBe(handle);
  });

  it('falls back to "user" when nothing URL-safe is left', () => {
    expect(userNameBase('李小龍')).toBe('user');
    expect(userNameBase('!!!')).toBe('user');
  });

  it('keeps at most 30 characters and never ends in a hyphen', () => {
    const handle = userNameBase('Maximilian Alexander Wolfgang von Habsburg-Lothringen');
    expect(handle).toBe('maximilian-alexander-wolfgang');
    expect(isValidUserName(handle)).toBe(true);
  });
});

describe('userNameCandidates', () => {
  it('tries the base, then numbered handles, then random suffixes', () => {
    const candidates = userNameCandidates('ada', () => 'x7k2');
    expect(take(candidates, 3)).toEqual(['ada', 'ada-2', 'ada-3']);
    expect(take(candidates, 17)).toEqual(Array.from({ length: 17 }, (_, i) => `ada-${i + 4}`));
    expect(take(candidates, 2)).toEqual(['ada-x7k2', 'ada-x7k2']);
  });

  it('draws a fresh random suffix for every later candidate', () => {
    const candidates = take(userNameCandidates('ada'), 40).slice(20);
    expect(new Set(candidates).size).toBe(20);
    for (const candidate of candidates) expect(candidate).toMatch(/^ada-[0-9a-f]{8}$/);
  });

  it('keeps suffixed candidates within 30 characters', () => {
    const base = 'a'.repeat(30);
    for (const candidate of take(userNameCandidates(base), 25)) {
      expect(candidate.length).toBeLessThanOrEqual(30);
      expect(isValidUserName(candidate)).toBe(true);
    }
  });

  it('skips reserved names such as event-metadata actors', () => {
    expect(take(userNameCandidates('system'), 2)).toEqual(['system-2', 'system-3']);
    expect(take(userNameCandidates('admin'), 1)).toEqual(['admin-2']);
  });
});

describe('deriveUserName', () => {
  it('returns the base handle when nothing is taken', () => {
    expect(deriveUserName('Ada Lovelace')).toBe('ada-lovelace');
  });

  it('returns the first candidate that is not taken', () => {
    const taken = new Set(['ada-lovelace', 'ada-lovelace-2']);
    expect(deriveUserName('Ada Lovelace', (candidate) => taken.has(candidate))).toBe('ada-lovelace-3');
  });
});
