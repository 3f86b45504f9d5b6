import { Module } from '@nestjs/common';
import { postIdGeneratorProvider } from '../shared/post-id.generator';
import { DeleteFileHandler } from './delete-file.command';
import { DownloadFileHandler } from './download-file.query';
import { FileController } from './file.controller';
import { FILE_STORE, fileStoreProvider } from './file-store.provider';
import { ImagesRoute } from './images.route';
import { ProfilesModule } from '../profiles/profiles.module';
import { ListDocumentsHandler } from './list-documents.query';
import { FileVisibility } from './file-visibility';
import { ReferencedPosts } from './referenced-post';
import { UploadFileHandler } from './upload-file.command';
import { AttachmentDownloadRoute } from './attachment-download.route';
import { DownloadLinks } from './download-links';
import { ReadableFiles } from './readable-files';

/** Uploads (documents, post files and images, profile pictures), downloads and the public image route (SPEC §7 'Files'). */
@Module({
  imports: [ProfilesModule],
  controllers: [FileController],
  providers: [
    fileStoreProvider,
    postIdGeneratorProvider,
    ReferencedPosts,
    FileVisibility,
    UploadFileHandler,
    DeleteFileHandler,
    DownloadFileHandler,
    ListDocumentsHandler,
    ImagesRoute,
    ReadableFiles,
    DownloadLinks,
    AttachmentDownloadRoute,
  ],
  exports: [FILE_STORE],
})
export class FilesModule {}
