import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, Request, Response } from 'express';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, type AccountDocument } from '@app/projections';
import { DomainError, FILE_NOT_FOUND, type Actor } from '@app/domain';
import { downloadNameFor, type FileStore } from '@app/files';
import { Sessions } from '../auth/sessions';
import { failureEnvelope } from '../http/envelope';
import { READ_STORE } from '../infrastructure/tokens';
import { DownloadLinks } from './download-links';
import { FILE_STORE } from './file-store.provider';
import { ReadableFiles } from './readable-files';
import { storageFolderOf } from './storage-folder';

export const LOGIN_TO_DOWNLOAD = 'Please Login to download this attachment';
export const LINK_EXPIRED = 'This download link has expired: open the post and click the attachment again.';

/** The path of a file's download (SPEC §7 'Served files'); the name segment is for the reader, the id finds the file. */
export const downloadPath = (id: number, fileDisplayName: string) => `/File/${id}/${encodeURIComponent(fileDisplayName)}`;

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET (and HEAD) /File/{id}/{fileDisplayName}: an attachment as a streamed download, outside /api
 * so it is a plain Express route (registered as images.route.ts is). Who: the caller of a bearer
 * token or of a signed `access` link (download-links.ts), with the right to read the file
 * (file-visibility.ts: logged-in readers of a visible post, the author and admins otherwise).
 * Ranges (one range; 206, 416), conditional requests (ETag: stored names are never reused, so the
 * bytes behind one never change) and `private, no-cache` (a shared cache must not keep it, and
 * the browser asks again because the right to read can end).
 */
@Injectable()
export class AttachmentDownloadRoute implements OnModuleInit {
  private readonly logger = new Logger('AttachmentDownload');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: Sessions,
    private readonly links: DownloadLinks,
    private readonly files: ReadableFiles,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    app.get(
      '/File/:id/:name',
      (request, response, next) =>
        void this.serve(request, response).catch((error: unknown) => {
          if (error instanceof Refused) return void response.status(error.status).json(failureEnvelope(error.message));
          if (error instanceof DomainError && error.kind === 'not_found')
            return void response.status(404).json(failureEnvelope(error.message));
          if (response.headersSent) {
            // The client went away mid-stream (or the disk failed): nothing can be said any more.
            this.logger.warn(`Download of ${request.path} ended early: ${String(error)}`);
            return void response.destroy();
          }
          next(error);
        }),
    );
  }

  private async serve(request: Request, response: Response): Promise<void> {
    // no-transform: no compression on the way, so lengths and ranges are the stored bytes'.
    response.setHeader('Cache-Control', 'private, no-cache, no-transform');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    const id = /^\d{1,16}$/.test(String(request.params.id)) ? Number(request.params.id) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) throw new Refused(404, FILE_NOT_FOUND);
    const viewer = await this.viewerOf(request, id);
    const upload = await this.files.find(viewer, id);
    const file = await this.fileStore.open(storageFolderOf(upload.attachmentTypeId), upload.uploadedFileName);
    if (!file) throw new Refused(404, FILE_NOT_FOUND);
    let streaming = false;
    try {
      response.attachment(downloadNameFor(upload.fileDisplayName, upload.extension));
      response.setHeader('Content-Type', upload.contentType);
      response.setHeader('ETag', `"${upload.uploadedFileName}"`);
      response.setHeader('Last-Modified', new Date(upload.at).toUTCString());
      response.setHeader('Accept-Ranges', 'bytes');
      if (request.fresh) return void response.status(304).end();
      const range = this.rangeOf(request, file.size, upload.uploadedFileName);
      if (range === 'unsatisfiable') {
        response.setHeader('Content-Range', `bytes */${file.size}`);
        throw new Refused(416, `The range asked for is outside the file (${file.size} bytes).`);
      }
      if (range) {
        response.status(206);
        response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      }
      response.setHeader('Content-Length', range ? range.end - range.start + 1 : file.size);
      if (request.method === 'HEAD' || file.size === 0) return void response.end();
      streaming = true;
      await pipeline(file.stream(range ?? undefined), response);
    } finally {
      if (!streaming) await file.close();
    }
  }

  /** A bearer token (API clients) or a signed link (the browser); neither is 401. */
  private async viewerOf(request: Request, fileId: number): Promise<Actor> {
    const session = await this.sessions.of(request.headers.authorization);
    if (session) return { accountId: session.user.accountId, roleId: session.user.roleId };
    const access = typeof request.query.access === 'string' ? request.query.access : undefined;
    if (access === undefined) throw new Refused(401, LOGIN_TO_DOWNLOAD);
    const accountId = this.links.accountOf(access, fileId);
    // The role is read now, and an erased account's links die with it.
    const account = accountId ? await this.readStore.get<AccountDocument>(ACCOUNTS_COLLECTION, accountId) : null;
    if (!account || account.userName === null) throw new Refused(401, LINK_EXPIRED);
    return { accountId: account.id, roleId: account.roleId };
  }

  /** One byte range (several are served whole, as RFC 9110 allows); `If-Range` with another ETag also means whole. */
  private rangeOf(request: Request, size: number, storedName: string): { start: number; end: number } | 'unsatisfiable' | null {
    if (!request.headers.range) return null;
    const ifRange = request.headers['if-range'];
    if (ifRange !== undefined && ifRange !== `"${storedName}"`) return null;
    const ranges = request.range(size);
    if (ranges === -1) return 'unsatisfiable';
    if (ranges === -2 || ranges === undefined || ranges.type !== 'bytes' || ranges.length !== 1) return null;
    return { start: ranges[0].start, end: ranges[0].end };
  }
}
