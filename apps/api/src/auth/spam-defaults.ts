import { Inject, Injectable, SetMetadata } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { countLinks, EMAIL_NOT_CONFIRMED, NEW_ACCOUNT_AGE_MS, NEW_ACCOUNT_MAX_LINKS, TOO_MANY_LINKS } from '@app/contracts';
import { forbidden, validationError } from '@app/domain';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import type { SessionUser } from './session-user';

export const REQUIRES_CONFIRMED_EMAIL = 'requiresConfirmedEmail';

/**
 * The route waits for a confirmed e-mail when REQUIRE_CONFIRMED_EMAIL=on (commenting, liking,
 * flagging): the session guard answers 403 `EMAIL_NOT_CONFIRMED` to anyone who has not confirmed.
 * Put it beside @Authenticated.
 */
export const RequiresConfirmedEmail = () => SetMetadata(REQUIRES_CONFIRMED_EMAIL, true);

/**
 * Issue 27's spam defaults, for the writes a decorator cannot judge alone (publishing depends on
 * the body's isPublished; links on its content). The guard calls `requireConfirmedEmail` for
 * routes marked @RequiresConfirmedEmail.
 */
@Injectable()
export class SpamDefaults {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** 403 while REQUIRE_CONFIRMED_EMAIL=on and the caller has not confirmed their e-mail. */
  requireConfirmedEmail(user: SessionUser | null): void {
    if (this.config.requireConfirmedEmail && user && user.emailConfirmed === false) throw forbidden(EMAIL_NOT_CONFIRMED);
  }

  /** 400 when an account younger than a day puts more than three links in one post or comment. */
  limitLinks(user: SessionUser | null, html: string | null | undefined): void {
    if (!user?.registeredAt || countLinks(html) <= NEW_ACCOUNT_MAX_LINKS) return;
    if (this.clock().getTime() - Date.parse(user.registeredAt) < NEW_ACCOUNT_AGE_MS) throw validationError(TOO_MANY_LINKS);
  }
}
