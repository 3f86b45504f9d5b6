import { SharedCheckpointReads } from './shared-checkpoint-reads';

describe('SharedCheckpointReads', () => {
  it('shares a read that is under way among the waiters that ask for it', async () => {
    const reads = new SharedCheckpointReads();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 7n;
    };
    const answers = await Promise.all([reads.read('home', load), reads.read('home', load), reads.read('search', load)]);
    expect(answers).toEqual([7n, 7n, 7n]);
    expect(loads).toBe(2);
  });

  it('reads again once the earlier read settled, so a later wake-up sees a moved checkpoint', async () => {
    const reads = new SharedCheckpointReads();
    let stored = 1n;
    const load = async () => stored;
    expect(await reads.read('home', load)).toBe(1n);
    stored = 2n;
    expect(await reads.read('home', load)).toBe(2n);
  });

  it('does not keep a failed read: the next waiter tries the store again', async () => {
    const reads = new SharedCheckpointReads();
    await expect(reads.read('home', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect(await reads.read('home', async () => 3n)).toBe(3n);
  });
});
