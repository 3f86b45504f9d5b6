import type { LikeResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getLikersQueryOptions } from '@/lib/get-likers';
import type { LikeTarget } from '@/lib/like-target';

/** PUT /api/{Article|Question|ArticleComment|QuestionComment}/Like (auth): likes or unlikes the item; answers its new count. */
export function setLike(target: LikeTarget, isLiked: boolean): Promise<LikeResult> {
  return api.put<LikeResult>(`/${target.resource}/Like`, { id: target.id, isLiked }, { silent: true });
}

/** Toggles a like; the caller shows the answered count. The item's likers list is stale afterwards. */
export function useSetLike(target: LikeTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isLiked: boolean) => setLike(target, isLiked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLikersQueryOptions(target).queryKey }),
  });
}
