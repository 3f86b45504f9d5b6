import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { etagOf, setCacheHeaders } from './cache-headers';

/**
 * ETag and Cache-Control for the reads Nest answers (a caller with a session, or an anonymous one
 * the fast path left to Nest): public without an Authorization header, private with one. The tag is the same the
 * fast path gives the same result, and Express answers 304 when If-None-Match holds it.
 */
@Injectable()
export class CacheHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next
      .handle()
      .pipe(
        tap((result: unknown) =>
          setCacheHeaders(response, etagOf(JSON.stringify(result ?? null)), request.headers.authorization === undefined),
        ),
      );
  }
}
