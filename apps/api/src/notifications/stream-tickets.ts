import { Injectable } from '@nestjs/common';
import type { Actor } from '@app/domain';
import { SignedTokens, type SignedTokenKind } from '../auth/signed-tokens';

const TICKET_LIFETIME_MS = 60_000;

interface TicketClaims {
  sub: string;
  role: number;
}

/**
 * A ticket to open the notification stream: EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in logs. Short-lived, signed (SignedTokens) for this purpose alone, so
 * it is never a session token, nor a session token a ticket.
 */
@Injectable()
export class StreamTickets {
  private readonly tokens: SignedTokenKind<TicketClaims>;

  constructor(signer: SignedTokens) {
    this.tokens = signer.of('notification-stream', TICKET_LIFETIME_MS);
  }

  issue(reader: Actor): string {
    return this.tokens.sign({ sub: reader.accountId, role: reader.roleId });
  }

  /** null for a forged, malformed or expired ticket. */
  verify(ticket: string): Actor | null {
    const claims = this.tokens.verify(ticket);
    if (!claims || typeof claims.sub !== 'string' || !Number.isInteger(claims.role)) return null;
    return { accountId: claims.sub, roleId: claims.role };
  }
}
