import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { externalProvidersOf, type ExternalProvider } from './external-providers';

/** Everything the processes read from the environment, parsed once. Nothing set = embedded mode under ./var. */
export interface AppConfig {
  /**
   * SITE_ROLE: what this process runs. `all` (npm start): everything. `api`: HTTP only, no
   * projection or reactor. `projector`: every projection, the search writer and the reactors, no HTTP.
   */
  role: SiteRole;
  port: number;
  /** HEALTH_PORT: where a projector (no public port) answers GET /health; unset, it answers none. */
  healthPort?: number;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  /** Keys the e-mail lookup hash (reservation stream ids): must never change once accounts exist. */
  emailLookupPepper: string;
  /** Signs reset and confirmation links. */
  credentialLinkSecret: string;
  /** Keys the fingerprints of Idempotency-Key requests and the event ids their commands derive. */
  idempotencySecret: string;
  eventStoreUrl?: string;
  mongodbUrl?: string;
  meilisearchUrl?: string;
  meilisearchKey?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where the contact form's messages go (CONTACT_EMAIL); unset, the form answers 503. */
  contactEmail?: string;
  moderation: 'post' | 'pre';
  /**
   * REQUIRE_CONFIRMED_EMAIL=on (issue 27): publishing, commenting, liking and flagging wait for a
   * confirmed e-mail. Off by default in the embedded site; on in the compose file.
   */
  requireConfirmedEmail: boolean;
  webDistDir: string;
  /** When set, GET /metrics answers only `Authorization: Bearer <metricsToken>`; in production, unset means /metrics is not served. */
  metricsToken?: string;
  /** RATE_LIMITS: `off` for benchmarks and seeding scripts only; otherwise the defaults with these overrides. */
  rateLimits: RateLimitsConfig;
  /** The least severe log level written (pino's levels; `silent` writes nothing). */
  logLevel: LogLevel;
  /** Other origins allowed to call the API from a browser (CORS); the site's own origin needs none. */
  corsOrigins: string[];
  /** NODE_ENV=development: the API docs and health details are open to anyone. */
  development: boolean;
  /** NODE_ENV=production: what is only for operators (/metrics without a token) is not served. */
  production: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For gives the client address, as Express's
   * 'trust proxy' takes it: a hop count, or addresses and CIDRs (and `loopback`, `linklocal`,
   * `uniquelocal`) separated by commas. Unset: `loopback`, and `set` is false.
   */
  trustProxy: { value: number | string; set: boolean };
  /**
   * PROJECTION_VERSION_BUMP (test seam): names of projections whose code version is taken as one
   * higher, so a start rebuilds them as after a code change (the fault suite rebuilds under traffic).
   */
  projectionVersionBumps: string[];
  /** Sign-in with GitHub and an OpenID Connect provider, when configured (external-providers.ts). */
  externalProviders: ExternalProvider[];
  /** Passkeys (WebAuthn): the relying party's id and name, and the origins a ceremony may come from. */
  webAuthn: WebAuthnConfig;
}

export interface WebAuthnConfig {
  /** WEBAUTHN_RP_ID: the domain passkeys are bound to; PUBLIC_URL's host by default. */
  rpId: string;
  /** WEBAUTHN_RP_NAME: the site's name as the authenticator shows it. */
  rpName: string;
  /** WEBAUTHN_ORIGINS: PUBLIC_URL's origin by default. */
  origins: string[];
}

export interface RateLimitsConfig {
  enabled: boolean;
  /** By limit name (`signup`, `login-address`, ...); checked against the known names by the API. */
  overrides: Record<string, { max: number; windowSeconds: number }>;
}

const DEFAULT_DATA_DIR = './var';

/** The data dir the configuration names, without creating it or its secrets (the CLI's restore fills an empty one). */
export function dataDirOf(environment: NodeJS.ProcessEnv = process.env): string {
  return resolve(environment.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
}

export const SITE_ROLES = ['all', 'api', 'projector'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.string().url().optional())
  .optional();

/** A comma-separated list of origins (`https://example.com`), trailing slashes dropped; empty when unset. */
const originList = (name: string) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url(`${name} must be a comma-separated list of origins such as https://example.com`)));

const environmentSchema = z.object({
  SITE_ROLE: z.enum(SITE_ROLES).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().trim().min(1).default(DEFAULT_DATA_DIR),
  PUBLIC_URL: z.string().trim().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  EMAIL_LOOKUP_PEPPER: z.string().min(32, 'EMAIL_LOOKUP_PEPPER must be at least 32 characters').optional(),
  EVENTSTORE_URL: optionalUrl,
  MONGODB_URL: optionalUrl,
  MEILISEARCH_URL: optionalUrl,
  MEILISEARCH_KEY: z.string().optional(),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('DevCommunity <no-reply@devcommunity.local>'),
  CONTACT_EMAIL: z.union([z.literal(''), z.email({ error: 'CONTACT_EMAIL must be an e-mail address' })]).optional(),
  MODERATION: z.enum(['post', 'pre']).default('post'),
  REQUIRE_CONFIRMED_EMAIL: z.enum(['on', 'off'], { error: 'REQUIRE_CONFIRMED_EMAIL must be on or off' }).default('off'),
  WEB_DIST_DIR: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional(),
  RATE_LIMITS: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: originList('CORS_ORIGINS'),
  WEBAUTHN_RP_ID: z.string().trim().optional(),
  WEBAUTHN_RP_NAME: z.string().trim().default('DevCommunity'),
  WEBAUTHN_ORIGINS: originList('WEBAUTHN_ORIGINS'),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || /^\d+$/.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())),
      'TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDRs (e.g. 10.0.0.0/8, loopback)',
    ),
  PROJECTION_VERSION_BUMP: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
});

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const port = env.PORT;
  const jwtSecret = env.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    role: env.SITE_ROLE,
    port,
    healthPort: env.HEALTH_PORT,
    dataDir,
    publicUrl,
    jwtSecret,
    emailLookupPepper: env.EMAIL_LOOKUP_PEPPER ?? localSecret(dataDir, 'email-lookup-pepper'),
    credentialLinkSecret: createHmac('sha256', jwtSecret).update('credential-links').digest('base64url'),
    idempotencySecret: createHmac('sha256', jwtSecret).update('idempotency-keys').digest('base64url'),
    eventStoreUrl: env.EVENTSTORE_URL,
    mongodbUrl: env.MONGODB_URL,
    meilisearchUrl: env.MEILISEARCH_URL,
    meilisearchKey: env.MEILISEARCH_KEY,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL || undefined,
    moderation: env.MODERATION,
    requireConfirmedEmail: env.REQUIRE_CONFIRMED_EMAIL === 'on',
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(__dirname, '..', '..', '..', 'apps', 'web', 'dist')),
    metricsToken: env.METRICS_TOKEN,
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    logLevel: env.LOG_LEVEL,
    corsOrigins: env.CORS_ORIGINS,
    development: env.NODE_ENV === 'development',
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY
      ? { value: /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY, set: true }
      : { value: 'loopback', set: false },
    projectionVersionBumps: env.PROJECTION_VERSION_BUMP,
    externalProviders: externalProvidersOf(environment),
    webAuthn: {
      rpId: env.WEBAUTHN_RP_ID || new URL(publicUrl).hostname,
      rpName: env.WEBAUTHN_RP_NAME || 'DevCommunity',
      origins: env.WEBAUTHN_ORIGINS.length > 0 ? env.WEBAUTHN_ORIGINS : [new URL(publicUrl).origin],
    },
  };
}

const WINDOW_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `off`, `on` (or unset: the defaults), or overrides `name=max/window` separated by commas, the window as `30s`, `15m`, `1h` or `1d`. */
export function parseRateLimits(value: string | undefined): RateLimitsConfig {
  const text = (value ?? '').trim();
  if (text === 'off') return { enabled: false, overrides: {} };
  const overrides: RateLimitsConfig['overrides'] = {};
  if (text === '' || text === 'on') return { enabled: true, overrides };
  for (const part of text.split(',')) {
    const match = /^\s*([a-z-]+)\s*=\s*(\d+)\s*\/\s*(\d+)([smhd])\s*$/.exec(part);
    if (!match || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new ConfigError(`Invalid configuration: RATE_LIMITS: expected off, on or name=max/window (e.g. signup=10/1h), got "${part}"`);
    }
    overrides[match[1]] = { max: Number(match[2]), windowSeconds: Number(match[3]) * WINDOW_UNITS[match[4]] };
  }
  return { enabled: true, overrides };
}

/**
 * Without JWT_SECRET (or EMAIL_LOOKUP_PEPPER) the embedded site still needs a secret that survives restarts and is shared by
 * every process on the same data dir: it is generated once into the data dir.
 */
function localSecret(dataDir: string, fileName: string): string {
  const file = join(dataDir, fileName);
  try {
    // Synced like the event log: the log's keyed hashes are useless without it.
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeFileSync(fd, randomBytes(48).toString('base64url'));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    syncDirectory(dataDir);
  } catch (error) {
    // Another process (the worker, the CLI) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** Makes a file created in `directory` survive a power cut (its directory entry, not only its bytes). */
function syncDirectory(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
