import { SharedWithinTurn } from './shared-within-turn';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedWithinTurn', () => {
  it('gives the callers of one turn one lookup per key, and looks again in the next turn', async () => {
    let version = 1;
    const lookups: string[] = [];
    const shared = new SharedWithinTurn<number>();
    const versionOf = (key: string) =>
      shared.get(key, async () => {
        lookups.push(`${key}${version}`);
        return version;
      });
    const sameTurn = await Promise.all([versionOf('a'), versionOf('a'), versionOf('b')]);
    expect(sameTurn).toEqual([1, 1, 1]);
    expect(lookups).toEqual(['a1', 'b1']);

    version = 2; // a projection committed: a caller arriving after it must see it
    await nextTurn();
    expect(await versionOf('a')).toBe(2);
    expect(lookups).toEqual(['a1', 'b1', 'a2']);
  });

  it('lets a failed lookup fail its turn only', async () => {
    let fail = true;
    const shared = new SharedWithinTurn<string>();
    const versionOf = () =>
      shared.get('k', async () => {
        if (fail) throw new Error('store away');
        return 'v';
      });
    await expect(versionOf()).rejects.toThrow('store away');
    fail = false;
    await nextTurn();
    await expect(versionOf()).resolves.toBe('v');
  });
});
