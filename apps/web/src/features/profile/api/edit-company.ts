import type { EditCompanyRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getCompaniesQueryOptions } from '@/features/profile/api/get-companies';

/** PUT /api/User/Companies (auth): saves an item of the owner's work history. */
export function editCompany(body: EditCompanyRequest): Promise<boolean> {
  return api.put<boolean>('/User/Companies', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useEditCompany(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCompaniesQueryOptions(userName).queryKey }),
  });
}
