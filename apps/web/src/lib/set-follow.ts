import type { FollowResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whom or what a follow button follows. */
export type FollowSubject = { kind: 'user'; userName: string } | { kind: 'tag'; tagId: number };

/** PUT /api/Follow/User or /api/Follow/Tag (auth): follows or unfollows; answers the new follower count. */
export function setFollow(subject: FollowSubject, isFollowing: boolean): Promise<FollowResult> {
  return subject.kind === 'user'
    ? api.put<FollowResult>('/Follow/User', { userName: subject.userName, isFollowing }, { silent: true })
    : api.put<FollowResult>('/Follow/Tag', { tagId: subject.tagId, isFollowing }, { silent: true });
}

export function useSetFollow(subject: FollowSubject) {
  return useMutation({ mutationFn: (isFollowing: boolean) => setFollow(subject, isFollowing) });
}
