import { CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@app/contracts';
import type { Observable } from 'rxjs';

/** One file in field `file`, held in memory (never on disk before it is checked), plus a few short text fields. */
const MulterSingleFile = FileInterceptor('file', {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
  // Browsers send UTF-8 file names without saying so; multer would read them as Latin-1.
  defParamCharset: 'utf8',
});

/** Parses POST /api/File's multipart body; an oversized file is refused with the SPEC §5 message. */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly multer = new MulterSingleFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(FILE_MESSAGES.tooLarge);
      throw error;
    }
  }
}
