import type { ReadModelName } from '@app/projections';

/**
 * The read models a post's next screen reads (home, the post page, the moderation history, the
 * search screens): a write answers only once they show it, so a post is findable right after the
 * publish response.
 */
export const POST_READ_MODELS = ['home', 'post-view', 'moderation-log', 'search'] as const satisfies readonly ReadModelName[];
