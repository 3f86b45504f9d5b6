import { Global, Module } from '@nestjs/common';
import { IdempotencyRecords } from './idempotency-records';
import { IdempotencyAfterParsing, IdempotencyInterceptor } from './idempotency.interceptor';

/** Idempotency-Key for every command; `IdempotencyAfterParsing` for routes that parse multipart. */
@Global()
@Module({
  providers: [IdempotencyRecords, IdempotencyInterceptor, IdempotencyAfterParsing],
  exports: [IdempotencyRecords, IdempotencyInterceptor, IdempotencyAfterParsing],
})
export class IdempotencyModule {}
