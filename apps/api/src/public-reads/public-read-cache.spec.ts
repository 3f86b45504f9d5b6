import { etagOf } from './cache-headers';
import { PublicReadCache, withReaderPart } from './public-read-cache';

describe('PublicReadCache', () => {
  const counting = (results: unknown[]) => {
    const calls = { count: 0 };
    const read = async () => results[calls.count++];
    return { calls, read };
  };

  it('reads once per key and version, and serializes the result once with its ETag', async () => {
    const cache = new PublicReadCache();
    const { calls, read } = counting([{ a: 1 }, { a: 2 }]);
    const first = await cache.get('home', 'v1', read);
    expect(first).toEqual({ json: Buffer.from('{"a":1}'), etag: etagOf('{"a":1}'), result: { a: 1 } });
    expect(await cache.get('home', 'v1', read)).toBe(first);
    expect(calls.count).toBe(1);
    expect((await cache.get('home', 'v2', read)).json.toString()).toBe('{"a":2}');
    expect(calls.count).toBe(2);
  });

  it('keeps keys apart and tags different results differently', async () => {
    const cache = new PublicReadCache();
    const a = await cache.get('article 1', 'v1', async () => ({ id: 1 }));
    const b = await cache.get('article 2', 'v1', async () => ({ id: 2 }));
    expect(a.json.toString()).toBe('{"id":1}');
    expect(b.json.toString()).toBe('{"id":2}');
    expect(a.etag).not.toBe(b.etag);
  });

  it('shares one read between concurrent misses of a key and version', async () => {
    const cache = new PublicReadCache();
    let release!: (value: unknown) => void;
    const read = jest.fn(() => new Promise((resolve) => (release = resolve)));
    const both = Promise.all([cache.get('home', 'v1', read), cache.get('home', 'v1', read)]);
    release({ ok: true });
    const [one, two] = await both;
    expect(one).toBe(two);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read', async () => {
    const cache = new PublicReadCache();
    await expect(cache.get('article 7', 'v1', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
    expect((await cache.get('article 7', 'v1', async () => 7)).json.toString()).toBe('7');
  });

  it('drops the least recently used entries past its size', async () => {
    const cache = new PublicReadCache(2);
    await cache.get('a', 'v1', async () => 'a');
    await cache.get('b', 'v1', async () => 'b');
    await cache.get('a', 'v1', async () => 'a again');
    await cache.get('c', 'v1', async () => 'c');
    expect(cache.size).toBe(2);
    const read = jest.fn(async () => 'b again');
    expect((await cache.get('a', 'v1', async () => 'not read')).json.toString()).toBe('"a"');
    expect((await cache.get('b', 'v1', read)).json.toString()).toBe('"b again"');
  });

  it('counts hits and misses', async () => {
    const looked: boolean[] = [];
    const cache = new PublicReadCache(10, (hit) => looked.push(hit));
    await cache.get('a', 'v1', async () => 1);
    await cache.get('a', 'v1', async () => 2);
    await cache.get('a', 'v2', async () => 3);
    expect(looked).toEqual([false, true, false]);
  });
});

describe('withReaderPart', () => {
  it("merges a reader's part over the shared result in place, serialized once per part, and keeps the shared read when nothing differs", async () => {
    const shared = await new PublicReadCache().get('post', 'v1', async () => ({ id: 1, isLikedByMe: false, title: 't' }));
    expect(withReaderPart(shared, { isLikedByMe: false })).toBe(shared);
    expect(withReaderPart(shared, {})).toBe(shared);
    const liked = withReaderPart(shared, { isLikedByMe: true });
    const json = '{"id":1,"isLikedByMe":true,"title":"t"}';
    expect(liked).toEqual({ json: Buffer.from(json), etag: etagOf(json), result: JSON.parse(json) });
    expect(withReaderPart(shared, { isLikedByMe: true })).toBe(liked);
    expect(shared.result).toEqual({ id: 1, isLikedByMe: false, title: 't' });
  });
});
