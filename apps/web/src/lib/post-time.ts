import { relativeTime } from '@/lib/relative-time';

/**
 * 'Last modified {relative}' once the post was changed, otherwise '{created} {relative}': post
 * lists say 'Created on', the view page 'Created' (SPEC §2, §9).
 */
export function postTimeText(post: { createdOn: string; updatedOn: string | null }, created: 'Created on' | 'Created', now?: Date): string {
  const modified = post.updatedOn && post.updatedOn !== post.createdOn;
  return modified ? `Last modified ${relativeTime(post.updatedOn, now)}` : `${created} ${relativeTime(post.createdOn, now)}`;
}
