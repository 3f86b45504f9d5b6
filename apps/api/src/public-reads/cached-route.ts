import { paramsMatcher, type DeclaredRoute } from './declared-routes';
import type { FrontReadSite } from './front-read';
import { PublicReadCache } from './public-read-cache';

/** A declared read bound to the site, with its own cache of serialized results, matched by its route pattern. */
export abstract class CachedRoute<O extends { maxEntries: number }> {
  protected readonly cache: PublicReadCache;
  readonly paramsIn: (pathname: string) => Record<string, string> | null;

  constructor(
    readonly read: DeclaredRoute<O>,
    protected readonly site: FrontReadSite,
  ) {
    this.cache = new PublicReadCache(read.options.maxEntries, (hit) => site.metrics?.recordReadCache(read.path, hit));
    this.paramsIn = paramsMatcher(read.path);
  }

  get path(): string {
    return this.read.path;
  }
}
