import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { SiteMetrics } from './site-metrics';

/** Records the request's duration under `route` (a pattern, read when the response is finished). */
export function timeRequest(
  metrics: SiteMetrics,
  request: IncomingMessage,
  response: ServerResponse,
  route: () => string,
  started = process.hrtime.bigint(),
): void {
  response.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    metrics.recordRequest(request.method ?? 'GET', route(), response.statusCode, seconds);
  });
}

/**
 * Express middleware timing every request. The route label is the pattern Express matched
 * (`/api/Article/:id`), never the raw URL, so the series stay few; requests no route matched
 * (the SPA's files and pages, unknown paths) are labelled `unmatched`.
 */
export function httpMetrics(metrics: SiteMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    timeRequest(metrics, request, response, () => routeOf(request));
    next();
  };
}

function routeOf(request: Request): string {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : 'unmatched';
}
