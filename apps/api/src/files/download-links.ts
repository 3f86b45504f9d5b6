import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';

/** How long a download link works: long enough to start (and resume) a download, short enough that a leaked one is soon useless. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

interface LinkClaims {
  /** File id. */
  f: number;
  /** Account id of the reader the link was made for. */
  a: string;
  /** Expiry, epoch seconds. */
  e: number;
}

/**
 * Short-lived signed download links (docs/decisions.md, 'Attachments as downloads'). The API
 * authenticates with a bearer token that a plain link cannot carry, so a logged-in reader asks for
 * a link to one file and the browser then fetches `/File/{id}/{name}?access=<token>` like any
 * download. The token names the file and the reader; the download checks the reader's right
 * again. Signed with a key of its own (derived from JWT_SECRET), so it is never a session token.
 */
@Injectable()
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.jwtSecret).update('download-links').digest();
  }

  tokenFor(fileId: number, accountId: string): string {
    const claims: LinkClaims = { f: fileId, a: accountId, e: Math.floor(this.clock().getTime() / 1000) + DOWNLOAD_LINK_SECONDS };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The account the token was made for, when it is genuine, unexpired and for this file; else null. */
  accountOf(token: string, fileId: number): string | null {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: LinkClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
    } catch {
      return null;
    }
    if (claims.f !== fileId || typeof claims.a !== 'string' || !(claims.e * 1000 > this.clock().getTime())) return null;
    return claims.a;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
