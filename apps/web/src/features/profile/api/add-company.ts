import type { AddCompanyRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getCompaniesQueryOptions } from '@/features/profile/api/get-companies';

/** POST /api/User/Companies (auth): adds an item to the owner's work history. */
export function addCompany(body: AddCompanyRequest): Promise<boolean> {
  return api.post<boolean>('/User/Companies', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useAddCompany(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCompaniesQueryOptions(userName).queryKey }),
  });
}
