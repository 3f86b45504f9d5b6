import { relativeTime } from '@/lib/relative-time';

/** 'Last modified {relative}' once the post was changed, otherwise 'Created {relative}' (SPEC §2, §9). */
export function postTimeText(post: { createdOn: string; updatedOn: string | null }, now?: Date): string {
  const modified = post.updatedOn && post.updatedOn !== post.createdOn;
  return modified ? `Last modified ${relativeTime(post.updatedOn, now)}` : `Created ${relativeTime(post.createdOn, now)}`;
}
