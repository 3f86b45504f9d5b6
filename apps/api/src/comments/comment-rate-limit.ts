import { Inject, Injectable } from '@nestjs/common';
import { COMMENT_MESSAGES, COMMENT_RATE_LIMIT } from '@app/contracts';
import { DomainError } from '@app/domain';
import { CLOCK, type Clock } from '../infrastructure/tokens';

const WINDOW_MS = COMMENT_RATE_LIMIT.windowSeconds * 1000;

/**
 * At most 9 comments per user in 30 seconds (a sliding window), against floods and runaway
 * scripts. Kept in memory on purpose, like the login throttle: it protects this process, and a
 * restart only resets the counters. The slot is taken before the comment is written, so racing
 * requests of one user cannot all slip under the limit.
 */
@Injectable()
export class CommentRateLimit {
  private readonly recent = new Map<string, number[]>();

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  /** Takes a slot for the user's next comment, or refuses with 429. Returns a release for a comment that was not written. */
  take(accountId: string): () => void {
    const now = this.clock().getTime();
    const times = (this.recent.get(accountId) ?? []).filter((at) => now - at < WINDOW_MS);
    if (times.length >= COMMENT_RATE_LIMIT.maxComments) {
      this.recent.set(accountId, times);
      throw new DomainError('rate_limited', COMMENT_MESSAGES.rateLimited);
    }
    times.push(now);
    this.recent.set(accountId, times);
    return () => {
      const current = this.recent.get(accountId) ?? [];
      const index = current.indexOf(now);
      if (index >= 0) current.splice(index, 1);
    };
  }
}
