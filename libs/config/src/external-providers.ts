/** A site users may sign in with. Only the ones configured are offered. */
export type ExternalProvider =
  | { id: 'oidc'; kind: 'oidc'; name: string; issuerUrl: string; clientId: string; clientSecret: string; scope: string }
  | {
      id: 'github';
      kind: 'github';
      name: string;
      clientId: string;
      clientSecret: string;
      /** Where the authorize and token endpoints live (https://github.com; a local fake in tests). */
      webUrl: string;
      /** GitHub's REST API (https://api.github.com). */
      apiUrl: string;
    };

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/**
 * OIDC_ISSUER_URL + OIDC_CLIENT_ID + OIDC_CLIENT_SECRET (OIDC_NAME labels the button, OIDC_SCOPE
 * defaults to `openid email profile`), and GITHUB_CLIENT_ID + GITHUB_CLIENT_SECRET (GITHUB_URL and
 * GITHUB_API_URL move GitHub's endpoints, for tests). A provider without all of its settings is off.
 */
export function externalProvidersOf(env: NodeJS.ProcessEnv): ExternalProvider[] {
  const providers: ExternalProvider[] = [];
  const issuerUrl = trimmed(env.OIDC_ISSUER_URL);
  const oidcClientId = trimmed(env.OIDC_CLIENT_ID);
  const oidcClientSecret = trimmed(env.OIDC_CLIENT_SECRET);
  if (issuerUrl && oidcClientId && oidcClientSecret) {
    providers.push({
      id: 'oidc',
      kind: 'oidc',
      name: trimmed(env.OIDC_NAME) ?? 'OpenID Connect',
      issuerUrl,
      clientId: oidcClientId,
      clientSecret: oidcClientSecret,
      scope: trimmed(env.OIDC_SCOPE) ?? 'openid email profile',
    });
  }
  const githubClientId = trimmed(env.GITHUB_CLIENT_ID);
  const githubClientSecret = trimmed(env.GITHUB_CLIENT_SECRET);
  if (githubClientId && githubClientSecret) {
    providers.push({
      id: 'github',
      kind: 'github',
      name: 'GitHub',
      clientId: githubClientId,
      clientSecret: githubClientSecret,
      webUrl: (trimmed(env.GITHUB_URL) ?? 'https://github.com').replace(/\/+$/, ''),
      apiUrl: (trimmed(env.GITHUB_API_URL) ?? 'https://api.github.com').replace(/\/+$/, ''),
    });
  }
  return providers;
}
