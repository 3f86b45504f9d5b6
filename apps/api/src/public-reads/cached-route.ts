import type { SiteMetrics } from '../metrics/site-metrics';
import { paramsMatcher, type DeclaredRoute } from './declared-routes';
import { PublicReadCache } from './public-read-cache';

/** A declared read with its own cache of serialized results, matched by its route pattern. */
export abstract class CachedRoute<O extends { maxEntries: number }> {
  protected readonly cache: PublicReadCache;
  readonly paramsIn: (pathname: string) => Record<string, string> | null;

  protected constructor(
    readonly read: DeclaredRoute<O>,
    metrics: Pick<SiteMetrics, 'recordReadCache'> | undefined,
  ) {
    this.cache = new PublicReadCache(read.options.maxEntries, (hit) => metrics?.recordReadCache(read.path, hit));
    this.paramsIn = paramsMatcher(read.path);
  }

  get path(): string {
    return this.read.path;
  }
}
