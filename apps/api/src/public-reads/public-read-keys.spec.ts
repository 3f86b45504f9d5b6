import 'reflect-metadata';
import { firstSearchPager } from '@app/contracts';
import { SearchController } from '../search/search.controller';
import { PUBLIC_READ, type PublicReadMetadata } from './public-read.decorator';
import { cacheKeyOf } from './public-reads';

describe('the public search cache key', () => {
  const { options } = Reflect.getMetadata(PUBLIC_READ, SearchController.prototype.search) as PublicReadMetadata;
  const keyOf = (body: Record<string, unknown>) => {
    const args = options.anonymous({}, { pager: firstSearchPager(false), ...body });
    return args && cacheKeyOf(args);
  };

  it('is a hash of the parsed request (a search has a long one): a fixed size, one key per normalized request', () => {
    const long = keyOf({ searchString: 'event sourcing '.repeat(13), uName: 'x'.repeat(5_000) });
    expect(long).toMatch(/^[\w-]{43}$/);
    expect(keyOf({ searchString: ' Event!! ', Tags: [3, 1, 3] })).toBe(keyOf({ searchString: 'Event', Tags: [1, 3] }));
    expect(keyOf({ searchString: 'event' })).not.toBe(keyOf({ searchString: 'events' }));
  });

  it('leaves an oversized search to Nest (which answers 400)', () => {
    expect(keyOf({ searchString: 'a'.repeat(201) })).toBeNull();
    expect(keyOf({ Tags: Array.from({ length: 21 }, (_, index) => index + 1) })).toBeNull();
  });
});

describe('cacheKeyOf', () => {
  it("keeps short arguments' JSON as the key itself, and never lets it collide with a hash", () => {
    expect(cacheKeyOf([7, null])).toBe('[7,null]');
    const long = cacheKeyOf(['x'.repeat(100)]);
    expect(long).toMatch(/^[\w-]{43}$/);
    expect(long.startsWith('[')).toBe(false);
  });
});
