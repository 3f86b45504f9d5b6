import { Injectable } from '@nestjs/common';
import { SignedTokens, type SignedTokenKind } from '../auth/signed-tokens';

/** How long a download link works: long enough to start (and resume) a download, short enough that a leaked one is soon useless. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

interface LinkClaims {
  /** File id. */
  f: number;
  /** Account id of the reader the link was made for. */
  a: string;
}

/**
 * Short-lived signed download links (docs/decisions.md, 'Attachments as downloads'). The API
 * authenticates with a bearer token that a plain link cannot carry, so a logged-in reader asks for
 * a link to one file and the browser then fetches `/File/{id}/{name}?access=<token>` like any
 * download. The token names the file and the reader; the download checks the reader's right
 * again. Signed for this purpose alone (SignedTokens), so it is never a session token.
 */
@Injectable()
export class DownloadLinks {
  private readonly tokens: SignedTokenKind<LinkClaims>;

  constructor(signer: SignedTokens) {
    this.tokens = signer.of('download-links', DOWNLOAD_LINK_SECONDS * 1000);
  }

  tokenFor(fileId: number, accountId: string): string {
    return this.tokens.sign({ f: fileId, a: accountId });
  }

  /** The account the token was made for, when it is genuine, unexpired and for this file; else null. */
  accountOf(token: string, fileId: number): string | null {
    const claims = this.tokens.verify(token);
    if (!claims || claims.f !== fileId || typeof claims.a !== 'string') return null;
    return claims.a;
  }
}
