import { sharedWithinTurn } from './read-model-versions';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedWithinTurn', () => {
  it('gives the callers of one turn one lookup, and looks again in the next turn', async () => {
    let version = 1;
    const lookups: number[] = [];
    const versionOf = sharedWithinTurn(async () => {
      lookups.push(version);
      return version;
    });
    const sameTurn = await Promise.all([versionOf(), versionOf(), versionOf()]);
    expect(sameTurn).toEqual([1, 1, 1]);
    expect(lookups).toEqual([1]);

    version = 2; // a projection committed: a caller arriving after it must see it
    await nextTurn();
    expect(await versionOf()).toBe(2);
    expect(lookups).toEqual([1, 2]);
  });

  it('lets a failed lookup fail its turn only', async () => {
    let fail = true;
    const versionOf = sharedWithinTurn(async () => {
      if (fail) throw new Error('store away');
      return 'v';
    });
    await expect(versionOf()).rejects.toThrow('store away');
    fail = false;
    await nextTurn();
    await expect(versionOf()).resolves.toBe('v');
  });
});
