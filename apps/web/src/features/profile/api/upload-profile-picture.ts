import { AttachmentType, type UploadResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProfilePictureQueryOptions } from '@/features/profile/api/get-profile-picture';

/** POST /api/File (multipart, auth) with AttachmentTypeId 8: the owner's new profile picture. */
export function uploadProfilePicture(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('AttachmentTypeId', String(AttachmentType.ProfilePicture));
  return api.post<UploadResult>('/File', form);
}

export function useUploadProfilePicture(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: ({ uploadedFileName }) => queryClient.setQueryData(getProfilePictureQueryOptions(userName).queryKey, uploadedFileName),
  });
}
