import { z } from 'zod';
import { requiredString } from './rules';

/** One of the caller's active sessions, as Settings lists it (`GET /api/Account/Sessions`). */
export interface ActiveSession {
  id: string;
  /** 'Linux (desktop)', 'iOS 17 (mobile)': from the user agent of the login. */
  device: string;
  /** 'Chrome 120'. */
  browser: string;
  /** The client address the session was started from. */
  address: string;
  /** ISO 8601. */
  startedAt: string;
  /** ISO 8601: the last request seen with it (recorded at most once a minute), or its start. */
  lastSeenAt: string;
  /** ISO 8601: when it ends, however often it is used. */
  expiresAt: string;
  /** The session of this very request ('this device'). */
  current: boolean;
}

/** A session or API token id in a path: a UUID. */
export const credentialIdSchema = z.string().uuid({ message: '- id is not valid.' });

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScopeName = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_NAME_LENGTH = 100;
export const API_TOKEN_MAX_DAYS = 365;

export const API_TOKEN_MESSAGES = {
  nameRequired: '- name is required.',
  nameTooLong: `- name must be at most ${API_TOKEN_NAME_LENGTH} characters.`,
  scopesRequired: "- scopes must hold 'read', 'write' or both.",
  expiresInDays: `- expiresInDays must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}.`,
} as const;

/** POST /api/Account/ApiTokens: a personal API token for scripts, within its scopes, for some days. */
export const createApiTokenRequestSchema = z.object({
  name: requiredString(API_TOKEN_MESSAGES.nameRequired).pipe(z.string().max(API_TOKEN_NAME_LENGTH, API_TOKEN_MESSAGES.nameTooLong)),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopesRequired }), { error: API_TOKEN_MESSAGES.scopesRequired })
    .min(1, API_TOKEN_MESSAGES.scopesRequired),
  expiresInDays: z
    .number({ error: API_TOKEN_MESSAGES.expiresInDays })
    .int(API_TOKEN_MESSAGES.expiresInDays)
    .min(1, API_TOKEN_MESSAGES.expiresInDays)
    .max(API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES.expiresInDays),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** A personal API token as Settings lists it (`GET /api/Account/ApiTokens`): never the token itself. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  scopes: ApiTokenScopeName[];
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  /** The last request made with it (to the minute), or null. */
  lastUsedAt: string | null;
}

/** The answer to its creation: the only time the token is shown (`Authorization: Bearer <token>`). */
export interface CreatedApiToken extends ApiTokenSummary {
  token: string;
}

export const TWO_FACTOR_MESSAGES = {
  codeRequired: '- code is required.',
  passwordRequired: '- password is required.',
  challengeRequired: '- challenge is required.',
} as const;

const codeField = requiredString(TWO_FACTOR_MESSAGES.codeRequired).pipe(z.string().max(32, TWO_FACTOR_MESSAGES.codeRequired));

/** POST /api/Account/TwoFactor/Setup answers the new secret; the SPA shows `otpauthUrl` as a QR code. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/Account/TwoFactor/Enable: a code of the authenticator proves the setup. */
export const enableTwoFactorRequestSchema = z.object({ code: codeField });
export type EnableTwoFactorRequest = z.infer<typeof enableTwoFactorRequestSchema>;

/** Ten single-use recovery codes, shown once. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** POST /api/Account/TwoFactor/RecoveryCodes: a current code of the authenticator app asks for ten new recovery codes. */
export const regenerateRecoveryCodesRequestSchema = z.object({ code: codeField });
export type RegenerateRecoveryCodesRequest = z.infer<typeof regenerateRecoveryCodesRequestSchema>;

/** POST /api/Account/TwoFactor/Disable: the password and a code (of the authenticator or a recovery code). */
export const disableTwoFactorRequestSchema = z.object({
  password: requiredString(TWO_FACTOR_MESSAGES.passwordRequired, { trim: false }),
  code: codeField,
});
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequestSchema>;

/** GET /api/Account/TwoFactor: whether it is on, and how many recovery codes are left. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** What `POST /api/Account/Login` answers instead of a token when the account has two-factor on. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challenge: string;
}

/** POST /api/Account/Login2fa: the challenge of the first step and a code (TOTP or recovery code). */
export const login2faRequestSchema = z.object({
  challenge: requiredString(TWO_FACTOR_MESSAGES.challengeRequired).pipe(z.string().max(1000, TWO_FACTOR_MESSAGES.challengeRequired)),
  code: codeField,
});
export type Login2faRequest = z.infer<typeof login2faRequestSchema>;

/** POST /api/Account/External/Exchange: the one-time code the provider's callback handed to the SPA. */
export const externalExchangeRequestSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This sign-in has expired or was already used. Please try again.'),
});
export type ExternalExchangeRequest = z.infer<typeof externalExchangeRequestSchema>;

/** GET /api/Account/External/Providers: the sites one may sign in with ('Continue with …'). */
export interface ExternalProviderInfo {
  id: string;
  name: string;
}

/** GET /api/Account/ExternalIdentities: the identities linked to the caller's account. */
export interface ExternalIdentityInfo {
  id: string;
  provider: string;
  providerName: string;
  label: string;
  linkedAt: string;
  canUnlink: boolean;
}
