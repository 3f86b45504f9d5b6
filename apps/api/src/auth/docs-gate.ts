import type { INestApplication } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Express, NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@app/config';
import { DomainError } from '@app/domain';
import { AdminOnly } from './auth.decorators';
import { SessionGuard } from './session.guard';
import { failureEnvelope } from '../http/envelope';

// Case-insensitive like Express's routing: /api/Docs reaches Swagger as well.
const DOCS_PATHS = /^\/api\/docs(?:[-/.]|$)/i;

/** Stands for the docs routes (served by express, not a controller) when the session guard checks them. */
@AdminOnly()
class ApiDocs {
  read(this: void): void {}
}

/**
 * /api/docs (the Swagger UI, its JSON and YAML) only for admins, with the same session rules as
 * every other admin route; open to anyone when NODE_ENV=development.
 */
export function useDocsGate(app: INestApplication, express: Express, config: AppConfig): void {
  if (config.development) return;
  const guard = app.get(SessionGuard);
  express.use(async (request: Request, response: Response, next: NextFunction) => {
    if (!DOCS_PATHS.test(request.path)) return next();
    try {
      await guard.canActivate(new ExecutionContextHost([request, response, next], ApiDocs, ApiDocs.prototype.read));
      next();
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error);
      const status = error.kind === 'unauthorized' ? 401 : 403;
      response.status(status).json(failureEnvelope('The API documentation is for admins: log in as an admin.'));
    }
  });
}
