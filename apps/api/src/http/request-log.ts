import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from './request-id';

/** The one line logged per HTTP request. `route` is the matched route pattern (no ids, no query string). */
export interface RequestLogLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** Express sets `req.route` when a route matched; the SPA and static files have none. */
function routeOf(request: Request): string {
  const route = (request as { route?: unknown }).route as { path?: unknown } | undefined;
  if (typeof route?.path === 'string') return `${request.baseUrl}${route.path}`;
  return request.originalUrl.startsWith('/api/') ? '(unmatched api)' : '(static)';
}

const REQUEST_ID_HEADER_KEY = REQUEST_ID_HEADER.toLowerCase();

/**
 * Takes the caller's X-Request-Id (or makes one), echoes it, and logs the request once when the
 * response is finished (or the client went away), under `route` (a pattern, read then). Returns the id.
 */
export function logRequest(
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  route: () => string,
  started = process.hrtime.bigint(),
): string {
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER_KEY]);
  response.setHeader(REQUEST_ID_HEADER, requestId);
  let logged = false;
  const log = () => {
    if (logged) return;
    logged = true;
    const line: RequestLogLine = {
      requestId,
      method: request.method ?? 'GET',
      route: route(),
      status: response.headersSent ? response.statusCode : 499,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    };
    const level = line.status >= 500 ? 'error' : 'info';
    logger[level](line, 'request');
  };
  response.once('finish', log);
  response.once('close', log);
  return requestId;
}

/** First middleware of the site: logs the request, and runs the rest of it with its id as the current request id. */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = logRequest(logger, request, response, () => routeOf(request));
    withRequestId(requestId, next, response);
  };
}

export function useRequestLog(app: Express, logger: Logger): void {
  app.use(requestLog(logger));
}
