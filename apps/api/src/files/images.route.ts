import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, Request, Response } from 'express';
import { CONTENT_TYPES } from '@app/domain';
import { isStoredFileName, type FileStore } from '@app/files';
import { failureEnvelope } from '../http/envelope';
import { FILE_STORE } from './file-store.provider';

const IMAGE_NAME = /\.(png|jpe?g)$/;

/**
 * Serves uploaded images publicly at /images/{uploadedFileName}, outside the /api prefix, so it
 * is a plain Express route. Registered while Nest initialises: after the API routes, before
 * Nest's not-found handler. Profile pictures are found under the same path.
 */
@Injectable()
export class ImagesRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    app.get('/images/:name', (request, response, next) => void this.serve(request, response).catch(next));
    // SPEC §7: profile pictures have a path of their own.
    app.get('/ProfilePictures/:name', (request, response, next) => void this.serve(request, response).catch(next));
  }

  private async serve(request: Request, response: Response): Promise<void> {
    const name = String(request.params.name);
    const extension = IMAGE_NAME.exec(name)?.[1];
    const bytes =
      extension && isStoredFileName(name)
        ? ((await this.fileStore.get('Images', name)) ?? (await this.fileStore.get('ProfilePictures', name)))
        : null;
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (!bytes || !extension) {
      response.status(404).json(failureEnvelope('Not found.'));
      return;
    }
    response.setHeader('Content-Type', CONTENT_TYPES[extension]);
    // Stored names are never reused, so the bytes behind one never change.
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.setHeader('Content-Security-Policy', "default-src 'none'");
    response.send(bytes);
  }
}
