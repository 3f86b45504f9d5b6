import { Global, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import type { ReadStore } from '@app/read-store';
import { APP_CONFIG, READ_STORE } from '../infrastructure/tokens';
import { AbuseLimits } from './abuse-limits';
import { FallbackRateLimiter } from './fallback-rate-limiter';
import { RATE_LIMITER } from './rate-limiter.port';
import { ReadStoreRateLimiter } from './read-store-rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

/** Global: accounts, posts, comments, likes and files all take their slots from AbuseLimits. */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMITER,
      inject: [APP_CONFIG, READ_STORE],
      useFactory: (config: AppConfig, readStore: ReadStore) =>
        config.redisUrl ? insuredRedisLimiter(config.redisUrl) : new ReadStoreRateLimiter(readStore),
    },
    AbuseLimits,
  ],
  exports: [AbuseLimits],
})
export class RateLimitsModule {}

/** Redis, insured by an in-process limiter while Redis is unreachable: the commands keep answering. */
function insuredRedisLimiter(url: string): FallbackRateLimiter {
  const logger = new Logger('AbuseLimits');
  return new FallbackRateLimiter(new RedisRateLimiter({ url }), {
    onFallback: (error) =>
      logger.warn(
        `Redis is unreachable (${error instanceof Error ? error.message : String(error)}): abuse limits count in this process until it is back`,
      ),
    onRecovered: () => logger.log('Redis answers again: abuse limits count in Redis again'),
  });
}
