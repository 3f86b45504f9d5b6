/** Reset and confirmation links live 15 minutes (SPEC §9). */
export const CREDENTIAL_LINK_LIFETIME_MS = 15 * 60 * 1000;

/**
 * The validity window of a link issued at `now`: `created` and `expire` are epoch milliseconds as
 * decimal strings, exactly as they travel in the link's query string and enter its HMAC.
 */
export function credentialLinkWindow(now: Date): { created: string; expire: string } {
  const created = now.getTime();
  return { created: String(created), expire: String(created + CREDENTIAL_LINK_LIFETIME_MS) };
}
