import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';

const SERVER_PATHS = /^\/(api|images|ProfilePictures|metrics)(\/|$)/;

/**
 * Serves the built SPA: its files, and index.html for client routes (deep links survive a
 * reload). /api, /images and /metrics are never answered with the SPA.
 */
export function useSpa(app: Express, webDistDir: string): void {
  const indexFile = join(webDistDir, 'index.html');
  app.use(express.static(webDistDir, { index: false, maxAge: '1h', setHeaders: noCacheForIndex }));
  app.use((request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (SERVER_PATHS.test(request.path) || !existsSync(indexFile)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}

function noCacheForIndex(response: express.Response, path: string): void {
  if (path.endsWith('index.html')) response.setHeader('Cache-Control', 'no-cache');
}
