import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Authenticated, CurrentUser, ReadsOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import { numericId } from '../http/numeric-id.pipe';
import { DeleteFileCommand } from './delete-file.command';
import { DownloadFileQuery } from './download-file.query';
import { ListDocumentsQuery } from './list-documents.query';
import { UploadFileCommand } from './upload-file.command';
import { UploadInterceptor } from './upload.interceptor';
import { IdempotencyAfterParsing } from '../idempotency/idempotency.interceptor';
import { ProfileReader } from '../profiles/profile-reader';
import { checkUpload, type ReceivedFile } from './upload-request';
import type { DownloadLink } from '@app/contracts';
import { downloadNameFor } from '@app/files';
import { downloadPath } from './attachment-download.route';
import { DownloadLinks } from './download-links';
import { ReadableFiles } from './readable-files';

/** SPEC §7 'Files'. Images are served at /images/{uploadedFileName} (images.route.ts). */
@ApiTags('File')
@ApiBearerAuth()
@Controller('File')
export class FileController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly profiles: ProfileReader,
    private readonly files: ReadableFiles,
    private readonly links: DownloadLinks,
  ) {}

  /** Multipart: file, AttachmentTypeId, FileDisplayName, Instructions, ReferenceId. */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @UseInterceptors(UploadInterceptor, IdempotencyAfterParsing)
  @ApiConsumes('multipart/form-data')
  upload(@UploadedFile() file: ReceivedFile | undefined, @Body() body: unknown, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new UploadFileCommand(actorOf(user), checkUpload(file, body)));
  }

  /** The documents users sent for the staff, newest first (admins). */
  @Get('Documents')
  @AdminOnly()
  documents() {
    return this.queryBus.execute(new ListDocumentsQuery());
  }

  /** SPEC §7: the stored name of a user's profile picture ('' when none); public. */
  @Get('ProfilePicture/:userName')
  profilePicture(@Param('userName') userName: string) {
    return this.profiles.pictureOf(userName);
  }

  /**
   * A signed link to download one file (download-links.ts): `/File/{id}/{name}?access=...`, valid
   * for DOWNLOAD_LINK_SECONDS, for a reader who may read the file (404 otherwise).
   */
  @Post(':id/Link')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ReadsOnly() // signs a link to read; a read-only API token may ask for it
  async link(@Param('id', numericId('File id')) id: number, @CurrentUser() user: SessionUser | null): Promise<DownloadLink> {
    const viewer = actorOf(user);
    const upload = await this.files.find(viewer, id);
    return {
      url: `${downloadPath(id, downloadNameFor(upload.fileDisplayName, upload.extension))}?access=${this.links.tokenFor(id, viewer.accountId)}`,
    };
  }

  /** A download for logged-in users; the name segment is the display name, for readable links. */
  @Get(':id/:fileDisplayName')
  @Authenticated()
  download(@Param('id', numericId('File id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new DownloadFileQuery(actorOf(user), id));
  }

  /** The uploader or an admin deletes the file; result true. */
  @Delete(':id')
  @Authenticated()
  remove(@Param('id', numericId('File id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new DeleteFileCommand(actorOf(user), id));
  }
}
