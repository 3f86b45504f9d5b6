import { z } from 'zod';
import type { GridPostItem } from './posts';
import { EntityType, PAGE_SIZE, stripSearchText } from './rules';

/** SPEC §4 and §9: a page holds at most this many posts (the SPA asks for PAGE_SIZE). */
export const MAX_SEARCH_PAGE_SIZE = 100;

/**
 * Bounds of a search request (not in SPEC; the SPA's search box sends a few words). The search
 * index's cost grows with the words it is asked to match, so the text is bounded in length and in
 * distinct words, and the tag filter in ids.
 */
export const MAX_SEARCH_TEXT_LENGTH = 200;
export const MAX_SEARCH_WORDS = 10;
export const MAX_SEARCH_TAGS = 20;

/** SPEC §4: where paging starts. Descending: beyond a very large id; ascending: beyond -1. */
export const SEARCH_START_ID = { descending: Number.MAX_SAFE_INTEGER, ascending: -1 } as const;

/** SPEC §3 entity types a search may ask for: articles, questions, or both. */
export const SEARCH_ENTITY_TYPES = [EntityType.Article, EntityType.Question, EntityType.ArticleQuestion] as const;
export type SearchRequestEntityType = (typeof SEARCH_ENTITY_TYPES)[number];

/** SPEC §3 'Category - All'. */
export const ALL_CATEGORIES = -1;

export const SEARCH_MESSAGES = {
  pagerRequired: '- Pager is required',
  pageSizeInvalid: `- Page size must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`,
  lastFetchedIdInvalid: '- Last fetched id must be a whole number, -1 or more',
  entityTypeInvalid: '- Entity type must be 1 (Article), 2 (Question) or 100 (Article and Question)',
  categoryInvalid: '- Category must be -1 (all) or a category id',
  tagInvalid: '- Tags must be a list of tag ids',
  orderInvalid: '- orderByAsc must be true or false',
  searchStringInvalid: '- searchString must be text',
  searchStringTooLong: `- searchString must be at most ${MAX_SEARCH_TEXT_LENGTH} characters`,
  searchStringTooManyWords: `- searchString may hold at most ${MAX_SEARCH_WORDS} different words`,
  tooManyTags: `- Tags may hold at most ${MAX_SEARCH_TAGS} tag ids`,
  uNameInvalid: '- uName must be text',
  sortInvalid: "- sort must be 'latest', 'top' or 'trending'",
  statusInvalid: "- status must be 'any', 'unanswered' or 'solved'",
  lastFetchedScoreInvalid: '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
} as const;

/** Issue 27: `latest` by date (as `orderByAsc` says); `top` by likes; `trending` by likes and comments of the last 7 days. The last two: most first. */
export const SEARCH_SORTS = ['latest', 'top', 'trending'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Issue 27: `unanswered`: questions nobody but their author commented; `solved`: questions with an accepted answer. */
export const SEARCH_STATUSES = ['any', 'unanswered', 'solved'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/**
 * A last-fetched id: a whole number from -1. The SPA starts descending pages at "a very large
 * number", possibly beyond the safe integers: ids never are, so it is clamped to the largest safe one.
 */
const lastFetchedId = z
  .number({ error: SEARCH_MESSAGES.lastFetchedIdInvalid })
  .refine((id) => Number.isInteger(id) && id >= -1, SEARCH_MESSAGES.lastFetchedIdInvalid)
  .transform((id) => Math.min(id, SEARCH_START_ID.descending));

const pager = z.object(
  {
    lastFetchedQuestionId: lastFetchedId,
    lastFetchedArticleId: lastFetchedId,
    pageSize: z
      .number({ error: SEARCH_MESSAGES.pageSizeInvalid })
      .int(SEARCH_MESSAGES.pageSizeInvalid)
      .min(1, SEARCH_MESSAGES.pageSizeInvalid)
      .max(MAX_SEARCH_PAGE_SIZE, SEARCH_MESSAGES.pageSizeInvalid),
    /**
     * `top` and `trending` (issue 27): the `sortScore` and id of the last row received; absent on
     * the first page. Their pages ignore the last-fetched ids.
     */
    lastFetchedScore: z
      .strictObject(
        {
          score: z
            .number({ error: SEARCH_MESSAGES.lastFetchedScoreInvalid })
            .refine((score) => Number.isSafeInteger(score) && score >= 0, SEARCH_MESSAGES.lastFetchedScoreInvalid),
          id: z
            .number({ error: SEARCH_MESSAGES.lastFetchedScoreInvalid })
            .refine((id) => Number.isSafeInteger(id) && id >= 1, SEARCH_MESSAGES.lastFetchedScoreInvalid),
        },
        { error: SEARCH_MESSAGES.lastFetchedScoreInvalid },
      )
      .nullish()
      .transform((after) => after ?? undefined),
  },
  { error: SEARCH_MESSAGES.pagerRequired },
);

/**
 * SPEC §3 search request, the body of the three search calls. `searchString` comes out stripped
 * to letters and spaces (SPEC §5); `orderByAsc` also takes the Order dropdown's 0 and 1; an empty
 * `uName` means no author filter (the own-posts and admin calls ignore it).
 */
export const searchRequestSchema = z.object({
  searchString: z
    .string({ error: SEARCH_MESSAGES.searchStringInvalid })
    .max(MAX_SEARCH_TEXT_LENGTH, SEARCH_MESSAGES.searchStringTooLong)
    .nullish()
    .transform((text) => stripSearchText(text ?? ''))
    .refine((text) => distinctWords(text) <= MAX_SEARCH_WORDS, SEARCH_MESSAGES.searchStringTooManyWords),
  uName: z
    .string({ error: SEARCH_MESSAGES.uNameInvalid })
    .trim()
    .nullish()
    .transform((uName) => uName || undefined),
  categoryId: z
    .number({ error: SEARCH_MESSAGES.categoryInvalid })
    .refine((id) => id === ALL_CATEGORIES || (Number.isSafeInteger(id) && id > 0), SEARCH_MESSAGES.categoryInvalid)
    .nullish()
    .transform((id) => id ?? ALL_CATEGORIES),
  entityType: z
    .literal(SEARCH_ENTITY_TYPES, { error: SEARCH_MESSAGES.entityTypeInvalid })
    .nullish()
    .transform((type) => type ?? EntityType.ArticleQuestion),
  orderByAsc: z
    .union([z.boolean(), z.literal([0, 1])], { error: SEARCH_MESSAGES.orderInvalid })
    .nullish()
    .transform((order) => order === true || order === 1),
  Tags: z
    .array(
      z
        .number({ error: SEARCH_MESSAGES.tagInvalid })
        .int(SEARCH_MESSAGES.tagInvalid)
        .positive(SEARCH_MESSAGES.tagInvalid)
        .max(Number.MAX_SAFE_INTEGER, SEARCH_MESSAGES.tagInvalid),
      { error: SEARCH_MESSAGES.tagInvalid },
    )
    .max(MAX_SEARCH_TAGS, SEARCH_MESSAGES.tooManyTags)
    .nullish()
    // Any order and repeats find the same posts: one form of each filter (the public search cache keys on it).
    .transform((tags) => [...new Set(tags ?? [])].sort((a, b) => a - b)),
  sort: z
    .enum(SEARCH_SORTS, { error: SEARCH_MESSAGES.sortInvalid })
    .nullish()
    .transform((sort) => sort ?? 'latest'),
  status: z
    .enum(SEARCH_STATUSES, { error: SEARCH_MESSAGES.statusInvalid })
    .nullish()
    .transform((status) => status ?? 'any'),
  pager,
});
export type SearchRequestInput = z.input<typeof searchRequestSchema>;
export type SearchRequest = z.output<typeof searchRequestSchema>;
export const SearchRequest = searchRequestSchema;

function distinctWords(text: string): number {
  return new Set(text.toLowerCase().split(' ').filter(Boolean)).size;
}

/** The first request of a new search (SPEC §4: a new search resets the pager). */
export function firstSearchPager(orderByAsc: boolean, pageSize: number = PAGE_SIZE): SearchRequestInput['pager'] {
  const start = orderByAsc ? SEARCH_START_ID.ascending : SEARCH_START_ID.descending;
  return { lastFetchedArticleId: start, lastFetchedQuestionId: start, pageSize };
}

/** SPEC §3 search response `result`: grid post items with the author's display name and likes. */
export type SearchResult = GridPostItem[];
