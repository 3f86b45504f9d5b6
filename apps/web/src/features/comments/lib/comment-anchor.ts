/** The comment a link points at (`#comment-42`, as the comment notification e-mail writes it), or null. */
export function commentIdOfHash(hash: string): number | null {
  const match = /^#comment-(\d{1,15})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** The element id of a comment: what `#comment-{id}` links point at. */
export const commentElementId = (id: number) => `comment-${id}`;

/**
 * What to do for a link to comment `target`, given the ids loaded so far (pages come oldest first,
 * by id): it is here; or a later page may hold it; or it is not there (deleted, or not visible to
 * this reader) and nothing more should load for it.
 */
export function commentAnchorStep(target: number, loadedIds: number[], hasNextPage: boolean): 'found' | 'load' | 'missing' {
  if (loadedIds.includes(target)) return 'found';
  const last = loadedIds.length > 0 ? Math.max(...loadedIds) : 0;
  return hasNextPage && last < target ? 'load' : 'missing';
}
