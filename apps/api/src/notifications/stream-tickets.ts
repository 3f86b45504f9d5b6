import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import type { Actor } from '@app/domain';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';

const TICKET_LIFETIME_MS = 60_000;

interface TicketClaims {
  sub: string;
  role: number;
  /** Epoch milliseconds. */
  exp: number;
}

/**
 * A ticket to open the notification stream: EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in logs. Short-lived, signed under a key derived from JWT_SECRET for
 * this purpose alone, so it is never a session token, nor a session token a ticket.
 */
@Injectable()
export class StreamTickets {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.jwtSecret).update('notification-stream').digest();
  }

  issue(reader: Actor): string {
    const claims: TicketClaims = { sub: reader.accountId, role: reader.roleId, exp: this.clock().getTime() + TICKET_LIFETIME_MS };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** null for a forged, malformed or expired ticket. */
  verify(ticket: string): Actor | null {
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: TicketClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !Number.isInteger(claims.role) || typeof claims.exp !== 'number') return null;
    if (claims.exp <= this.clock().getTime()) return null;
    return { accountId: claims.sub, roleId: claims.role };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
