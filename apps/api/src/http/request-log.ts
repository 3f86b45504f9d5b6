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

/**
 * First middleware of the site: takes the caller's X-Request-Id (or makes one), echoes it, runs
 * the rest of the request with it as the current request id, and logs the request once when
 * the response is finished (or the client went away).
 */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER.toLowerCase()]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const line: RequestLogLine = {
        requestId,
        method: request.method,
        route: routeOf(request),
        status: response.headersSent ? response.statusCode : 499,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      };
      const level = line.status >= 500 ? 'error' : 'info';
      logger[level](line, 'request');
    };
    response.once('finish', log);
    response.once('close', log);
    withRequestId(requestId, next);
  };
}

export function useRequestLog(app: Express, logger: Logger): void {
  app.use(requestLog(logger));
}
