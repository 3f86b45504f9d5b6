import type { INestApplication } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { SessionActivity } from '../auth/session-activity';
import type { SessionUser } from '../auth/session-user';
import { Sessions } from '../auth/sessions';
import { READ_STORE, SEARCH_INDEX } from '../infrastructure/tokens';
import { SiteMetrics } from '../metrics/site-metrics';
import type { CachedRead } from './public-read-cache';
import type { ProviderLookup } from './public-read.decorator';
import { ReadModelVersions } from './read-model-versions';

/** A GET the HTTP server answers before Express (public-reads-front.ts), when it can. */
export interface FrontRead {
  /** The route pattern, for the request log and the metrics. */
  readonly path: string;
  paramsIn(pathname: string): Record<string, string> | null;
  /** The answer, or null (at once, or once looked up) when Express and Nest must answer. */
  answerFor(request: FrontRequest): Promise<FrontAnswer | null> | null;
}

export interface FrontRequest {
  params: Record<string, string>;
  /** The query string, `?` included ('' without one). */
  search: string;
  authorization: string | undefined;
}

export interface FrontAnswer {
  read: CachedRead;
  cacheControl: string;
}

export interface FrontSessions {
  /** The caller of a request with an Authorization header (null: not a valid session). */
  sessions: Pick<Sessions, 'of'>;
  activity?: Pick<SessionActivity, 'seen'>;
}

/** What the reads in front of Express need of the site. */
export interface FrontReadSite extends FrontSessions {
  versions: Pick<ReadModelVersions, 'of'>;
  /** Any provider of the site (a public read's per-reader lookups). */
  get: ProviderLookup;
  metrics?: Pick<SiteMetrics, 'recordReadCache'>;
}

/** The site's own, for every read in front of Express: one version lookup shared by all. */
export function frontReadSite(app: INestApplication): FrontReadSite {
  // Nest's own lookup walks every module: a per-reader lookup asks on every request.
  const providers = new Map<unknown, unknown>();
  const get: ProviderLookup = (type) => {
    if (!providers.has(type)) providers.set(type, app.get(type, { strict: false }));
    return providers.get(type) as never;
  };
  return {
    versions: new ReadModelVersions(app.get<ReadStore>(READ_STORE), app.get<SearchIndex>(SEARCH_INDEX)),
    sessions: get(Sessions),
    activity: get(SessionActivity),
    get,
    metrics: get(SiteMetrics),
  };
}

/**
 * The reader a read in front of Express may answer, as the session guard would let them in: a
 * valid session or API token (a GET only reads, so any scope), its use recorded for 'last seen'.
 * Null for a token due for renewal too: Nest answers it, with the fresh token.
 */
export async function frontReaderOf(site: FrontSessions, authorization: string): Promise<SessionUser | null> {
  const session = await site.sessions.of(authorization);
  if (!session || session.token?.renewable) return null;
  const { credential } = session.user;
  const seen = credential.kind === 'session' ? credential.sessionId : credential.tokenId;
  if (seen) site.activity?.seen(seen);
  return session.user;
}
