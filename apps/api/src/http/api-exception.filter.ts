import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, RateLimitedError, type DomainErrorKind } from '@app/domain';
import { WrongExpectedRevisionError } from '@app/event-store';
import { failureEnvelope } from './envelope';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  validation: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
};

/** The one place errors become HTTP: the envelope with a human message, never a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(error);
    if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return;
    if (error instanceof RateLimitedError) response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(status).json(failureEnvelope(message));
  }

  private describe(error: unknown): { status: number; message: string } {
    if (error instanceof DomainError) return { status: STATUS_OF_KIND[error.kind], message: error.message };
    if (error instanceof WrongExpectedRevisionError) {
      return { status: HttpStatus.CONFLICT, message: 'Someone else changed this at the same time. Please try again.' };
    }
    if (error instanceof HttpException) return { status: error.getStatus(), message: httpExceptionMessage(error) };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong. Please try again later.' };
  }
}

function httpExceptionMessage(error: HttpException): string {
  const body = error.getResponse();
  if (error.getStatus() === Number(HttpStatus.NOT_FOUND) && typeof body === 'object') return 'Not found.';
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('\n');
  return typeof message === 'string' ? message : error.message;
}
