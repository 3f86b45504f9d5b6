import { newestFirst } from './keyset-page';

describe('newestFirst', () => {
  it('asks for the first page without a bound, highest first', () => {
    expect(newestFirst('seq', { lastFetchedId: null, pageSize: 10 })).toEqual({ before: {}, options: { sort: [['seq', -1]], limit: 10 } });
  });

  it('asks for the next page below the last id the client has, in the stored form', () => {
    expect(newestFirst('seq', { lastFetchedId: 42, pageSize: 5 }).before).toEqual({ seq: { $lt: 42 } });
    expect(newestFirst('position', { lastFetchedId: 7, pageSize: 5 }, (id) => `p${id}`).before).toEqual({ position: { $lt: 'p7' } });
  });
});
