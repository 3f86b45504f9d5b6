import { z } from 'zod';
import { EntityType } from '@app/contracts';

export const MODERATION_POSTS_PAGE_SIZE = 20;
export const MODERATION_POSTS_MAX_PAGE_SIZE = 100;

const ENTITY_TYPES = [EntityType.Article, EntityType.Question, EntityType.ArticleQuestion] as const;
const ENTITY_TYPE_MESSAGE = `Entity type must be ${ENTITY_TYPES[0]}, ${ENTITY_TYPES[1]} or ${ENTITY_TYPES[2]}.`;

/**
 * Query string of GET /api/Moderation/Posts. `lastFetchedId` is the last id of the previous page;
 * omitted (or a very large number, as the SPA's descending pager starts) means the newest posts.
 */
export const moderationPostsRequestSchema = z.object({
  entityType: z.coerce
    .number({ error: ENTITY_TYPE_MESSAGE })
    .refine((value): value is (typeof ENTITY_TYPES)[number] => (ENTITY_TYPES as readonly number[]).includes(value), ENTITY_TYPE_MESSAGE)
    .default(EntityType.ArticleQuestion),
  lastFetchedId: z.coerce.number({ error: 'Last fetched id must be a number.' }).optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number.' })
    .int('Page size must be a whole number.')
    .min(1, `Page size must be between 1 and ${MODERATION_POSTS_MAX_PAGE_SIZE}.`)
    .max(MODERATION_POSTS_MAX_PAGE_SIZE, `Page size must be between 1 and ${MODERATION_POSTS_MAX_PAGE_SIZE}.`)
    .default(MODERATION_POSTS_PAGE_SIZE),
});
export type ModerationPostsRequest = z.infer<typeof moderationPostsRequestSchema>;
