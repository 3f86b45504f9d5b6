import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { AppConfig, ExternalProvider } from '@app/config';
import { notFound, unauthorized } from '@app/domain';
import { APP_CONFIG } from '../infrastructure/tokens';

/** What a provider vouched for, mapped to one shape. */
export interface ExternalProfile {
  provider: 'oidc' | 'github';
  /** The provider's stable id of the user (OIDC `sub`, GitHub's numeric id). */
  subject: string;
  /** Shown in Settings and the start of the user name: the provider's login, else the e-mail. */
  login: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
}

/** What the callback needs to check: kept in the signed flow cookie, never sent to the provider in clear (the verifier). */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

export const EXTERNAL_SIGN_IN_FAILED = 'Signing in with the other site did not work. Please try again.';

/**
 * Talks to GitHub and the OpenID Connect provider through openid-client: authorization code flow
 * with PKCE (S256), state, and for OIDC a nonce checked in the ID token. GitHub is OAuth 2.0 only:
 * the profile comes from its REST API (`GET /user`, `GET /user/emails`).
 */
@Injectable()
export class ProviderClients {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  providers(): { id: string; name: string }[] {
    return this.config.externalProviders.map(({ id, name }) => ({ id, name }));
  }

  provider(id: string): ExternalProvider {
    const provider = this.config.externalProviders.find((candidate) => candidate.id === id);
    if (!provider) throw notFound('This sign-in method is not available.');
    return provider;
  }

  redirectUri(provider: ExternalProvider): string {
    return `${this.config.publicUrl}/api/Account/External/${provider.id}/Callback`;
  }

  async authorizationUrl(provider: ExternalProvider): Promise<{ url: string; checks: AuthorizationChecks }> {
    const configuration = await this.configuration(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = provider.kind === 'oidc' ? oidc.randomNonce() : null;
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(provider),
      scope: provider.kind === 'oidc' ? provider.scope : 'read:user user:email',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    };
    if (nonce) parameters.nonce = nonce;
    return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, checks: { state, codeVerifier, nonce } };
  }

  /** Redeems the code of the callback (`callbackUrl`: the URL the browser came back on) and reads the profile. */
  async profile(provider: ExternalProvider, callbackUrl: URL, checks: AuthorizationChecks): Promise<ExternalProfile> {
    const configuration = await this.configuration(provider);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(checks.nonce ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      });
    } catch {
      throw unauthorized(EXTERNAL_SIGN_IN_FAILED);
    }
    return provider.kind === 'oidc' ? this.oidcProfile(configuration, tokens) : this.githubProfile(provider, tokens.access_token);
  }

  private async oidcProfile(
    configuration: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<ExternalProfile> {
    const claims = tokens.claims();
    if (!claims) throw unauthorized(EXTERNAL_SIGN_IN_FAILED);
    // Providers often keep the e-mail and name out of the ID token: the userinfo endpoint has them.
    const info: Record<string, unknown> = { ...claims };
    if (!claims.email && configuration.serverMetadata().userinfo_endpoint) {
      Object.assign(info, await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub));
    }
    const email = typeof info.email === 'string' ? info.email : null;
    const login = [info.preferred_username, info.nickname, email?.split('@')[0]].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return {
      provider: 'oidc',
      subject: claims.sub,
      login: login ?? claims.sub,
      name: typeof info.name === 'string' ? info.name : (login ?? 'New member'),
      email,
      emailVerified: info.email_verified === true,
    };
  }

  private async githubProfile(provider: Extract<ExternalProvider, { kind: 'github' }>, accessToken: string): Promise<ExternalProfile> {
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${provider.apiUrl}${path}`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/vnd.github+json', 'User-Agent': 'devcommunity' },
      });
      if (!response.ok) throw unauthorized(EXTERNAL_SIGN_IN_FAILED);
      return (await response.json()) as T;
    };
    const user = await get<{ id: number; login: string; name: string | null }>('/user');
    const emails = await get<{ email: string; primary: boolean; verified: boolean }[]>('/user/emails');
    // The primary address, verified or not (then it is treated as unconfirmed); else any verified one.
    const chosen = emails.find((entry) => entry.primary) ?? emails.find((entry) => entry.verified) ?? null;
    if (typeof user?.id !== 'number' || typeof user.login !== 'string') throw unauthorized(EXTERNAL_SIGN_IN_FAILED);
    return {
      provider: 'github',
      subject: String(user.id),
      login: user.login,
      name: user.name?.trim() || user.login,
      email: chosen?.email ?? null,
      emailVerified: chosen?.verified === true,
    };
  }

  private configuration(provider: ExternalProvider): Promise<oidc.Configuration> {
    let configuration = this.configurations.get(provider.id);
    if (!configuration) {
      configuration = this.makeConfiguration(provider);
      // A provider that was down at the first try is asked again next time.
      configuration.catch(() => this.configurations.delete(provider.id));
      this.configurations.set(provider.id, configuration);
    }
    return configuration;
  }

  private async makeConfiguration(provider: ExternalProvider): Promise<oidc.Configuration> {
    // Plain http only for a provider on this machine (tests, local development).
    const insecure = (url: string) => new URL(url).protocol === 'http:';
    if (provider.kind === 'oidc') {
      return oidc.discovery(
        new URL(provider.issuerUrl),
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure(provider.issuerUrl) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    }
    const configuration = new oidc.Configuration(
      {
        issuer: provider.webUrl,
        authorization_endpoint: `${provider.webUrl}/login/oauth/authorize`,
        token_endpoint: `${provider.webUrl}/login/oauth/access_token`,
      },
      provider.clientId,
      provider.clientSecret,
    );
    if (insecure(provider.webUrl)) oidc.allowInsecureRequests(configuration);
    return configuration;
  }
}
