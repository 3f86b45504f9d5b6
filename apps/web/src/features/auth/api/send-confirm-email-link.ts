import type { SendConfirmEmailLinkRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/SendConfirmEmailLink: mails a new confirmation link. Sends no bearer token (SPEC §7). */
export function sendConfirmEmailLink(request: SendConfirmEmailLinkRequest): Promise<string> {
  return api.post<string>('/Account/SendConfirmEmailLink', request, { auth: false });
}
