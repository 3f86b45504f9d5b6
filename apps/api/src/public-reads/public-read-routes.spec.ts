import { firstSearchPager } from '@app/contracts';
import { PUBLIC_READS } from './public-read-routes';

describe('PUBLIC_READS', () => {
  const search = PUBLIC_READS.find((read) => read.path === '/api/Search')!;
  const keyOf = (body: Record<string, unknown>) => search.query({}, { pager: firstSearchPager(false), ...body })?.key;

  it('keys a search by a hash of its parsed request: a fixed size, one key per normalized request', () => {
    const long = keyOf({ searchString: 'event sourcing '.repeat(13), uName: 'x'.repeat(5_000) });
    expect(long).toMatch(/^search [\w-]{43}$/);
    expect(keyOf({ searchString: ' Event!! ', Tags: [3, 1, 3] })).toBe(keyOf({ searchString: 'Event', Tags: [1, 3] }));
    expect(keyOf({ searchString: 'event' })).not.toBe(keyOf({ searchString: 'events' }));
  });

  it('leaves an oversized search to Nest (which answers 400)', () => {
    expect(keyOf({ searchString: 'a'.repeat(201) })).toBeUndefined();
    expect(keyOf({ Tags: Array.from({ length: 21 }, (_, index) => index + 1) })).toBeUndefined();
  });
});
