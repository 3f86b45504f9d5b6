/** The sitemap protocol's limit of URLs in one file; past it, /sitemap.xml becomes an index of parts. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Which rows of one source (static pages, posts, profiles) a sitemap part lists. */
export interface SourceSlice {
  source: number;
  skip: number;
  limit: number;
}

/** How many files the sitemap needs for these many URLs (at least one, even when empty). */
export const partCount = (total: number, limit = SITEMAP_URL_LIMIT): number => Math.max(1, Math.ceil(total / limit));

/**
 * The sources are listed one after another; part `part` (1-based) holds URLs
 * `(part - 1) * limit` up to `part * limit` of that sequence, which may span several sources.
 */
export function partSlices(sourceCounts: readonly number[], part: number, limit = SITEMAP_URL_LIMIT): SourceSlice[] {
  let from = (part - 1) * limit;
  let wanted = limit;
  const slices: SourceSlice[] = [];
  sourceCounts.forEach((count, source) => {
    if (wanted === 0) return;
    if (from >= count) {
      from -= count;
      return;
    }
    const take = Math.min(count - from, wanted);
    slices.push({ source, skip: from, limit: take });
    wanted -= take;
    from = 0;
  });
  return slices;
}
