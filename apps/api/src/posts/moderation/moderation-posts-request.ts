import { z } from 'zod';

export const MODERATION_POSTS_PAGE_SIZE = 20;
export const MODERATION_POSTS_MAX_PAGE_SIZE = 100;

const ENTITY_TYPES = [1, 2, 100] as const;

/**
 * Query string of GET /api/Moderation/Posts. `lastFetchedId` is the last id of the previous page;
 * omitted (or a very large number, as the SPA's descending pager starts) means the newest posts.
 */
export const moderationPostsRequestSchema = z.object({
  entityType: z.coerce
    .number({ error: 'Entity type must be 1, 2 or 100.' })
    .refine(
      (value): value is (typeof ENTITY_TYPES)[number] => (ENTITY_TYPES as readonly number[]).includes(value),
      'Entity type must be 1, 2 or 100.',
    )
    .default(100),
  lastFetchedId: z.coerce.number({ error: 'Last fetched id must be a number.' }).optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number.' })
    .int('Page size must be a whole number.')
    .min(1, `Page size must be between 1 and ${MODERATION_POSTS_MAX_PAGE_SIZE}.`)
    .max(MODERATION_POSTS_MAX_PAGE_SIZE, `Page size must be between 1 and ${MODERATION_POSTS_MAX_PAGE_SIZE}.`)
    .default(MODERATION_POSTS_PAGE_SIZE),
});
export type ModerationPostsRequest = z.infer<typeof moderationPostsRequestSchema>;
