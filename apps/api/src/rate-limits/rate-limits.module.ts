import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import type { ReadStore } from '@app/read-store';
import { APP_CONFIG, READ_STORE } from '../infrastructure/tokens';
import { AbuseLimits } from './abuse-limits';
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
        config.redisUrl ? new RedisRateLimiter({ url: config.redisUrl }) : new ReadStoreRateLimiter(readStore),
    },
    AbuseLimits,
  ],
  exports: [AbuseLimits],
})
export class RateLimitsModule {}
