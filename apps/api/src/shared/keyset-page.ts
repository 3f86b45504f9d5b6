import type { KeysetPageQuery } from '@app/contracts';
import type { Filter, FindOptions, Scalar } from '@app/read-store';

/**
 * Keyset paging newest first, as the SPA asks for its lists (`lastFetchedId`, `pageSize`): the
 * documents whose `field` is below the last one the client has, highest first. `stored` turns the
 * client's id into the field's stored form (a sortable position, say).
 */
export function newestFirst(
  field: string,
  { lastFetchedId, pageSize }: KeysetPageQuery,
  stored: (id: number) => Scalar = (id) => id,
): { before: Filter; options: FindOptions } {
  return {
    before: lastFetchedId === null ? {} : { [field]: { $lt: stored(lastFetchedId) } },
    options: { sort: [[field, -1]], limit: pageSize },
  };
}
