import compression from 'compression';
import type { Express, Request, Response } from 'express';

/**
 * brotli or gzip for dynamic text responses (API JSON, the filled index.html). Built assets are
 * precompressed (spa-fallback.ts); anything already carrying a Content-Encoding is left as it is,
 * and event streams are never buffered by a compressor.
 */
export function useCompression(app: Express): void {
  app.use(compression({ filter: shouldCompress }));
}

function shouldCompress(request: Request, response: Response): boolean {
  const type = String(response.getHeader('Content-Type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(request, response);
}
