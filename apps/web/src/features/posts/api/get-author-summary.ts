import type { UserProfile } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the post's author box shows besides the name (issue 25): the profile's picture, title and about text. */
export interface AuthorSummary {
  title: string;
  about: string;
  /** The stored picture's name; '' when there is none. */
  picture: string;
}

/**
 * The two public profile reads (GET /api/User/{userName}, GET /api/File/ProfilePicture/{userName}),
 * silent: the author box fills in under the post without the page's loading overlay.
 */
export async function getAuthorSummary(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<AuthorSummary> {
  const name = encodeURIComponent(userName);
  const [profile, picture] = await Promise.all([
    api.get<UserProfile>(`/User/${name}`, { auth: false, silent: true, signal }),
    api.get<string>(`/File/ProfilePicture/${name}`, { auth: false, silent: true, signal }).catch(() => ''),
  ]);
  return { title: profile.title ?? '', about: profile.about ?? '', picture: picture ?? '' };
}

export const getAuthorSummaryQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: ['author-summary', userName],
    queryFn: ({ signal }) => getAuthorSummary(userName, { signal }),
    staleTime: 5 * 60_000,
  });

/** Nothing to ask for a deleted user's post (no handle). */
export function useAuthorSummary(userName: string) {
  return useQuery({ ...getAuthorSummaryQueryOptions(userName), enabled: userName !== '' });
}
