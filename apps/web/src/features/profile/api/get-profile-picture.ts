import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/File/ProfilePicture/{userName}: the picture's stored name, '' when none (no token: SPEC §6). */
export function getProfilePicture(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<string> {
  return api.get<string>(`/File/ProfilePicture/${encodeURIComponent(userName)}`, { auth: false, signal });
}

export const getProfilePictureQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'picture'], queryFn: ({ signal }) => getProfilePicture(userName, { signal }) });

export function useProfilePicture(userName: string) {
  return useQuery(getProfilePictureQueryOptions(userName));
}
