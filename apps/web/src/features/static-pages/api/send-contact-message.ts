import type { ContactRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/Contact: no login, so no bearer token; the server mails the site owner, Reply-To the sender. */
export function sendContactMessage(body: ContactRequest): Promise<true> {
  return api.post<true>('/Contact', body, { auth: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
