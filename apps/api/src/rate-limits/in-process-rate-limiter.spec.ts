import { describeRateLimiterContract } from './rate-limiter.contract';
import { InProcessRateLimiter } from './in-process-rate-limiter';
import type { RateLimiter } from './rate-limiter.port';

// The insurance of FallbackRateLimiter keeps the same sliding-window rules. One process: every
// open shares the one instance (what "another process" and "a restart" mean here).
describeRateLimiterContract('in process', async () => {
  const shared = new InProcessRateLimiter();
  const view: RateLimiter = {
    take: (...args) => shared.take(...args),
    release: (...args) => shared.release(...args),
    clear: (...args) => shared.clear(...args),
    close: async () => undefined,
  };
  return { open: async () => view, dispose: () => shared.close() };
});
