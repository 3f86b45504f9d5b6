import type { ReadModelName } from '@app/projections';

/** The read models an upload or a deletion shows in (post pages, the admins' documents list): a write answers once they do. */
export const FILE_READ_MODELS = ['post-view', 'uploaded-documents'] as const satisfies readonly ReadModelName[];
