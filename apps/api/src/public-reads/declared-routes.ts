import type { INestApplication, Type } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { match } from 'path-to-regexp';

/** A controller method declared with a read decorator (@PublicRead, @ReaderRead), as Nest routes it. */
export interface DeclaredRoute<O> {
  method: 'get' | 'post';
  /** The route pattern, global prefix included (`/api/Article/:id`). */
  path: string;
  options: O;
  /** Calls the controller method itself. */
  call(args: unknown[]): Promise<unknown>;
}

/** The methods of every controller Nest knows that carry `{ options }` under `key`, with their routes as Nest builds them. */
export function declaredRoutes<O>(app: INestApplication, prefix: string, key: symbol): DeclaredRoute<O>[] {
  const routes: DeclaredRoute<O>[] = [];
  const seen = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as Type | null;
      const controller = wrapper.instance as Record<string, (...args: unknown[]) => unknown> | null;
      if (!type || !controller || seen.has(type)) continue;
      seen.add(type);
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        const metadata = typeof handler === 'function' ? (Reflect.getMetadata(key, handler) as { options: O } | undefined) : undefined;
        if (!metadata) continue;
        const where = `@${key.description ?? 'read'} on ${type.name}.${name}`;
        routes.push({
          method: httpMethodOf(Reflect.getMetadata(METHOD_METADATA, handler as object) as RequestMethod, where),
          path: joinPath(
            where,
            prefix,
            Reflect.getMetadata(PATH_METADATA, type) as unknown,
            Reflect.getMetadata(PATH_METADATA, handler as object) as unknown,
          ),
          options: metadata.options,
          call: async (args) => controller[name](...args),
        });
      }
    }
  }
  return routes;
}

/** The parameters of `pattern` in a pathname, or null when it names another route (or cannot be decoded). */
export function paramsMatcher(pattern: string): (pathname: string) => Record<string, string> | null {
  // As Express matches a route: any case, an optional trailing slash, decoded parameters.
  const matches = match<Record<string, string>>(pattern, { sensitive: false, trailing: true });
  return (pathname) => {
    try {
      const found = matches(pathname);
      return found ? found.params : null;
    } catch {
      return null;
    }
  };
}

function httpMethodOf(method: RequestMethod, where: string): 'get' | 'post' {
  if (method === RequestMethod.GET) return 'get';
  if (method === RequestMethod.POST) return 'post';
  throw new Error(`${where}: only GET and POST reads can be cached`);
}

function joinPath(where: string, ...parts: unknown[]): string {
  const segments = parts.map((part) => {
    if (part !== undefined && typeof part !== 'string') throw new Error(`${where} needs one path per route, found ${JSON.stringify(part)}`);
    return (part ?? '').replace(/^\/+|\/+$/g, '');
  });
  return `/${segments.filter(Boolean).join('/')}`;
}
