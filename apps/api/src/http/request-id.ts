import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { CommandContext } from '@app/event-store';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a caller may send as a request id: a short token (a UUID, a proxy's trace id), nothing that could forge a log line. */
const VALID_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's request id if it is a plausible one; a fresh UUID otherwise (an odd trace header is no reason to refuse a request). */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VALID_REQUEST_ID.test(value) ? value : randomUUID();
}

const requestContext = new AsyncLocalStorage<{ requestId: string; response?: ServerResponse }>();

/** Runs `work` (the rest of a request's handling) with `requestId` as the current request id (and `response` as the one it answers with). */
export const withRequestId = <T>(requestId: string, work: () => T, response?: ServerResponse): T =>
  requestContext.run({ requestId, response }, work);

/** The response of the HTTP request being handled, if any: what runs inside it may add a header while it is not sent. */
export const currentResponse = (): ServerResponse | undefined => requestContext.getStore()?.response;

/** The id of the HTTP request being handled, if any: the `correlationId` of the events it appends. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/** The events of an HTTP request carry its request id as their correlation id (X-Request-Id), so a log line leads to its events. */
export const withRequestCorrelation = (context: CommandContext): CommandContext =>
  context.correlationId !== undefined ? context : { ...context, correlationId: currentRequestId() };
