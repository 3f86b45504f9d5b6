import type { ReadingListResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/ReadingList (auth): saves or unsaves a post for later. */
export function setSaved(entityType: 1 | 2, id: number, isSaved: boolean): Promise<ReadingListResult> {
  return api.put<ReadingListResult>('/ReadingList', { entityType, id, isSaved }, { silent: true });
}

/** Toggles a save; the reading list (query key 'reading-list') is stale afterwards. */
export function useSetSaved(entityType: 1 | 2, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isSaved: boolean) => setSaved(entityType, id, isSaved),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reading-list'] }),
  });
}
