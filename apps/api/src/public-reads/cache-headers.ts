import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** Public reads: any cache may keep them, and must ask again (with the ETag) before each use. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Reads shaped by the caller's session: only the caller's own browser may keep them, revalidated each time. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * A weak validator of a read's `result` as JSON: the envelope around it differs only by its
 * `timeStamp`, so two responses with the same tag are equivalent, not byte-identical.
 */
export function etagOf(resultJson: string): string {
  return `W/"${createHash('sha1').update(resultJson).digest('base64url')}"`;
}

/**
 * The caching headers of a read whose result serializes to `etag`. Express's `res.send` then
 * answers 304 when the request's If-None-Match holds it. The body depends on the Authorization
 * header (isLikedByMe, drafts for their author), hence `Vary`.
 */
export function setCacheHeaders(response: Response, etag: string, isPublic: boolean): void {
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', isPublic ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  response.vary('Authorization');
}
