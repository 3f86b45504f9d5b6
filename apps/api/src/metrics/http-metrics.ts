import type { NextFunction, Request, Response } from 'express';
import type { SiteMetrics } from './site-metrics';

/**
 * Express middleware timing every request. The route label is the pattern Express matched
 * (`/api/Article/:id`), never the raw URL, so the series stay few; requests no route matched
 * (the SPA's files and pages, unknown paths) are labelled `unmatched`.
 */
export function httpMetrics(metrics: SiteMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.recordRequest(request.method, routeOf(request), response.statusCode, seconds);
    });
    next();
  };
}

function routeOf(request: Request): string {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : 'unmatched';
}
