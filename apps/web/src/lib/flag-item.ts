import type { FlagReason } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface FlagItemInput {
  /** 1 article, 2 question, 3 article comment, 4 question comment. */
  entityType: number;
  id: number;
  reason: FlagReason;
  note: string;
}

/** POST /api/Flag (auth; once per person per item). */
export function flagItem(input: FlagItemInput): Promise<true> {
  return api.post<true>('/Flag', input);
}

/** Flags a post or comment; nothing cached changes for the flagger (the item stays as it was for them until reviewed or hidden). */
export function useFlagItem() {
  return useMutation({ mutationFn: flagItem });
}
