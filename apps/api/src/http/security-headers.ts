import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import type { Express } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '@app/config';
import { READ_YOUR_WRITES_HEADER } from './read-your-writes';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * The policy the SPA runs under: its own scripts only (no inline script, no eval), images from the
 * site plus data: and blob: (previews of a chosen picture), no framing. Styles allow 'unsafe-inline'
 * because the TipTap editor injects its stylesheet at run time.
 */
export function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'connect-src': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** A middleware that only sets headers: the front of the public reads runs it on Node's own request and response. */
export type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Security headers for every response (helmet: CSP, nosniff, frame and referrer policies, HSTS when
 * the site is served over https) and CORS for the listed origins only; the site's own origin needs none.
 */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl' | 'corsOrigins'>): HeaderMiddleware[] {
  const https = config.publicUrl.startsWith('https://');
  return [
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(https),
      strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      // Other sites learn nothing; the SPA still reads its own previous page (login returns there).
      referrerPolicy: { policy: 'same-origin' },
      // Listed origins may show the site's images too.
      crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    }),
    cors({
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      exposedHeaders: ['auth-token', REQUEST_ID_HEADER, READ_YOUR_WRITES_HEADER],
    }),
  ];
}

export function useSecurityHeaders(express: Express, headers: readonly HeaderMiddleware[]): void {
  for (const middleware of headers) express.use(middleware);
}
