import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** One route of the API as the Nest router serves it, with the zod contracts its pipes check, as JSON Schema. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** e.g. /api/Article/:id */
  path: string;
  /** The route takes a multipart body (`@ApiConsumes('multipart/form-data')`). */
  multipart: boolean;
  body?: JsonSchema;
  query?: JsonSchema;
  params?: JsonSchema;
}

const METHODS: Partial<Record<RequestMethod, ApiRoute['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
};

interface RouteArgument {
  index: number;
  pipes?: unknown[];
}

/** Every route of every controller the app registered: nothing to keep in step by hand. */
export function apiRoutes(app: INestApplication): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (!method || paths === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArgument>;
        const consumes = (Reflect.getMetadata('swagger/apiConsumes', handler) ?? []) as string[];
        for (const prefix of prefixes) {
          for (const path of asArray(paths)) {
            routes.push({
              method,
              path: ['/api', prefix, path]
                .map((part) => part.replace(/^\/+|\/+$/g, ''))
                .filter(Boolean)
                .join('/')
                .replace(/^/, '/'),
              multipart: consumes.includes('multipart/form-data'),
              body: schemaOf(args, RouteParamtypes.BODY),
              query: schemaOf(args, RouteParamtypes.QUERY),
              params: schemaOf(args, RouteParamtypes.PARAM),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const asArray = (value: string | string[] | undefined): string[] => (value === undefined ? [''] : Array.isArray(value) ? value : [value]);

/** The JSON Schema of the zod contract a validation pipe on this kind of argument checks, if any. */
function schemaOf(args: Record<string, RouteArgument>, type: RouteParamtypes): JsonSchema | undefined {
  for (const [key, argument] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== Number(type)) continue;
    for (const pipe of argument.pipes ?? []) {
      const schema = (pipe as { schema?: unknown }).schema;
      if (schema instanceof z.ZodType) return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    }
  }
  return undefined;
}
