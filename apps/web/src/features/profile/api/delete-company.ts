import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getCompaniesQueryOptions } from '@/features/profile/api/get-companies';

/** DELETE /api/User/Companies/{id} (auth): removes an item of the owner's work history. */
export function deleteCompany(id: number): Promise<boolean> {
  return api.delete<boolean>(`/User/Companies/${id}`);
}

export function useDeleteCompany(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCompaniesQueryOptions(userName).queryKey }),
  });
}
