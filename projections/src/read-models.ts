/**
 * The read models a command can wait for (read-your-writes): every projection the API reads, the
 * search index's included, by name. A typo in a command's list does not compile; a projection
 * added to `createProjections` is added here too (read-models.spec.ts checks they match).
 */
export const READ_MODELS = [
  'home',
  'post-view',
  'moderation-log',
  'flag-queue',
  'comments',
  'likes',
  'follows',
  'reading-list',
  'feed',
  'notifications',
  'uploaded-documents',
  'accounts',
  'profiles',
  'sign-in',
  'search',
] as const;

export type ReadModelName = (typeof READ_MODELS)[number];
