import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import type { LogLevel } from '@app/config';
import { currentRequestId } from '../http/request-id';

/**
 * The process's one logger: JSON lines on stdout (or `destination`), ISO timestamps, level names
 * instead of numbers, and the current request's id on every line written while handling it.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Nest passes a stack as a string right after an error's message. */
const looksLikeStack = (value: unknown): value is string => typeof value === 'string' && /\n\s+at /.test(value);

/**
 * Nest's logger written through pino, so the framework's own lines (start-up, the projection
 * runner's `Logger('Projections')`, errors) are JSON like the request lines. Nest calls
 * `log(message, ...params)` with the context (the `Logger` name) last.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context =
      rest.length > 0 && typeof rest[rest.length - 1] === 'string' && !looksLikeStack(rest[rest.length - 1]) ? rest.pop() : undefined;
    const stack = rest.find(looksLikeStack);
    const fields: Record<string, unknown> = {};
    if (context !== undefined) fields.context = context;
    if (stack !== undefined) fields.stack = stack;
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'string') this.logger[level](fields, message);
    else this.logger[level]({ ...fields, data: message });
  }
}
