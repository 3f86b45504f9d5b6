/**
 * The read models a post's next screen reads (home, the post page, the moderation history):
 * a write answers only once they show it.
 */
export const POST_READ_MODELS = ['home', 'post-view', 'moderation-log'] as const;
