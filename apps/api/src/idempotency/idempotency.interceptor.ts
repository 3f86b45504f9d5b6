import { createHash } from 'node:crypto';
import {
  BadRequestException,
  CallHandler,
  ConflictException,
  ExecutionContext,
  HttpStatus,
  Injectable,
  NestInterceptor,
  StreamableFile,
  UnprocessableEntityException,
} from '@nestjs/common';
import { HTTP_CODE_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@app/contracts';
import type { RequestWithSession } from '../auth/auth.decorators';
import { IdempotencyRecords } from './idempotency-records';

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `Idempotency-Key` on any POST, PUT or DELETE: the first request with a key runs and its answer is
 * kept (24 h); a retry with the same key and the same request from the same caller gets that
 * answer again without running twice; the same key on another request is refused (422), and a
 * retry while the first is still running waits its turn (409). A request that fails records
 * nothing, so its retry runs again.
 *
 * Global, so it sees JSON bodies; a route that parses its own body (multipart) lists
 * `IdempotencyAfterParsing` after its parsing interceptor instead.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly records: IdempotencyRecords,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & RequestWithSession>();
    const key = request.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !COMMAND_METHODS.has(request.method) || this.leavesItToTheRoute(context)) return next.handle();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestException(IDEMPOTENCY_MESSAGES.invalidKey);
    const response = context.switchToHttp().getResponse<Response>();
    const caller = request.user?.accountId ?? 'anonymous';
    const fingerprint = sha256(JSON.stringify([request.method, request.originalUrl, canonical(this.bodyOf(request))]));
    return from(this.records.claim(caller, key, fingerprint)).pipe(
      mergeMap((claim) => {
        if (claim.outcome === 'mismatch') throw new UnprocessableEntityException(IDEMPOTENCY_MESSAGES.otherRequest);
        if (claim.outcome === 'in-flight') throw new ConflictException(IDEMPOTENCY_MESSAGES.inFlight);
        if (claim.outcome === 'replay') {
          response.status(claim.response.status).setHeader('Idempotent-Replayed', 'true');
          return of(claim.response.body);
        }
        const status = this.statusOf(context, request);
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            // A file answer is not kept: a retry of it simply runs again.
            if (body instanceof StreamableFile) await claim.release();
            else await claim.complete({ status, body });
            return body;
          }),
          // Failed: nothing was kept, the key is free for a retry.
          catchError((error: unknown) => from(claim.release()).pipe(mergeMap(() => throwError(() => error)))),
        );
      }),
    );
  }

  /** The request as the route reads it: JSON fields here, the parsed multipart parts in the subclass. */
  protected bodyOf(request: Request): unknown {
    return request.body ?? null;
  }

  protected leavesItToTheRoute(context: ExecutionContext): boolean {
    const interceptors = this.reflector.get<unknown[] | undefined>(INTERCEPTORS_METADATA, context.getHandler()) ?? [];
    return interceptors.includes(IdempotencyAfterParsing);
  }

  private statusOf(context: ExecutionContext, request: Request): number {
    const fixed = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler());
    return fixed ?? (request.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
  }
}

/** The same, for a multipart route: runs after its parsing interceptor and fingerprints the fields and the file's bytes. */
@Injectable()
export class IdempotencyAfterParsing extends IdempotencyInterceptor {
  protected override bodyOf(request: Request & { file?: { fieldname: string; originalname: string; mimetype: string; buffer: Buffer } }) {
    const file = request.file;
    return {
      fields: (request.body as unknown) ?? null,
      file: file ? { field: file.fieldname, name: file.originalname, type: file.mimetype, sha256: sha256(file.buffer) } : null,
    };
  }

  protected override leavesItToTheRoute(): boolean {
    return false;
  }
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}
