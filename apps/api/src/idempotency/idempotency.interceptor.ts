import { createHash } from 'node:crypto';
import {
  BadRequestException,
  CallHandler,
  ConflictException,
  ExecutionContext,
  HttpException,
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
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES, takesIdempotencyKey } from '@app/contracts';
import { DomainError } from '@app/domain';
import { repeatableCommand } from '@app/event-store';
import type { RequestWithSession } from '../auth/auth.decorators';
import { withKeyedRequest, type KeyedRequest } from '../http/repeatable-request';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { ANONYMOUS_CALLER, IdempotencyRecords } from './idempotency-records';

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `Idempotency-Key` on any POST, PUT or DELETE: the first request with a key runs and its answer is
 * kept (24 h); a retry with the same key and the same request from the same caller gets that
 * answer again without running twice; the same key on another request is refused (422), and a
 * retry while the first is still running waits its turn (409). A request refused before it had an
 * effect records nothing, so its retry (or another request) runs again.
 *
 * Running twice is what the event store itself refuses: the handler runs as a KeyedRequest whose
 * new ids were reserved with the claim and whose event ids derive from caller and key, so a retry
 * after a crash at any point (the claim taken over once its lease ran out) creates nothing new and
 * answers as the first attempt did (rebuilt from the stream).
 *
 * The calls of CALLS_WITHOUT_IDEMPOTENCY_KEY (credentials, searches) ignore the header. Anonymous
 * keyed requests are limited per address (`anonymous-idempotency-key`).
 *
 * Global, so it sees JSON bodies; a route that parses its own body (multipart) lists
 * `IdempotencyAfterParsing` after its parsing interceptor instead.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly records: IdempotencyRecords,
    private readonly reflector: Reflector,
    private readonly limits: AbuseLimits,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & RequestWithSession>();
    const key = request.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !COMMAND_METHODS.has(request.method) || this.leavesItToTheRoute(context)) return next.handle();
    if (!takesIdempotencyKey(request.method, request.path)) return next.handle();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestException(IDEMPOTENCY_MESSAGES.invalidKey);
    const response = context.switchToHttp().getResponse<Response>();
    const caller = request.user?.accountId ?? ANONYMOUS_CALLER;
    const fingerprint = this.records.fingerprint([request.method, request.originalUrl, canonical(this.bodyOf(request))]);
    const claimed = async () => {
      if (caller === ANONYMOUS_CALLER) await this.limits.take('anonymous-idempotency-key', request.ip ?? 'unknown');
      return this.records.claim(caller, key, fingerprint);
    };
    return from(claimed()).pipe(
      mergeMap((claim) => {
        if (claim.outcome === 'mismatch') throw new UnprocessableEntityException(IDEMPOTENCY_MESSAGES.otherRequest);
        if (claim.outcome === 'in-flight') throw new ConflictException(IDEMPOTENCY_MESSAGES.inFlight);
        if (claim.outcome === 'replay') {
          response.status(claim.response.status).setHeader('Idempotent-Replayed', 'true');
          return of(claim.response.body);
        }
        const status = this.statusOf(context, request);
        const keyed: KeyedRequest = {
          command: repeatableCommand(claim.seed),
          firstId: claim.firstId,
          idCount: claim.idCount,
          idsTaken: 0,
          appended: false,
        };
        // handle() binds the handler to the async context it is called in: the keyed request's.
        return withKeyedRequest(keyed, () => next.handle()).pipe(
          mergeMap(async (body: unknown) => {
            // A file answer is not kept: a retry of it simply runs again (a download changes nothing).
            if (body instanceof StreamableFile) await claim.release(keyed.appended);
            else await claim.complete({ status, body });
            return body;
          }),
          // Refused before any effect: the key is free. Anything else may have had one: the key stays, for the same request only.
          catchError((error: unknown) =>
            from(claim.release(keyed.appended || !isRefusal(error))).pipe(mergeMap(() => throwError(() => error))),
          ),
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

// Inside the fingerprint's HMAC: only the HMAC is stored.
const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** A refusal on facts (validation, authorization, a domain rule): the command had no effect. */
function isRefusal(error: unknown): boolean {
  return error instanceof DomainError || (error instanceof HttpException && error.getStatus() < 500);
}

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
