import { POST_MESSAGES } from '@app/contracts';
import { findTag, validationError, type PostTag } from '@app/domain';

export const POST_ID_REQUIRED = '- Id is required';

/**
 * Tags as posts store them: the id the client chose with the name the master data gives it, so a
 * client cannot file a post under a tag name that is not the tag's.
 */
export function postTagsOf(tags: readonly { id: number }[]): PostTag[] {
  return tags.map(({ id }) => {
    const tag = findTag(id);
    if (!tag) throw validationError(POST_MESSAGES.tagInvalid);
    return { id: tag.id, subTag: tag.subTag };
  });
}

/** Edits address an existing post: the body must carry its id. */
export function requirePostId(body: { id?: number | null }): number {
  if (body.id == null) throw validationError(POST_ID_REQUIRED);
  return body.id;
}
