import { Injectable } from '@nestjs/common';
import { ATTACHMENT_TYPES, canEdit, isVisibleTo, referencedPostKindOf, type Actor, type FileUploadedData } from '@app/domain';
import { ReferencedPosts } from './referenced-post';

/** Who may see (download) a file: the rule downloads and the 404-before-403 of deletions share. */
@Injectable()
export class FileVisibility {
  constructor(private readonly referencedPosts: ReferencedPosts) {}

  /** Documents are for their uploader and the staff; a post's files for whoever may read the post. */
  async mayRead(viewer: Actor, upload: FileUploadedData): Promise<boolean> {
    if (upload.attachmentTypeId === ATTACHMENT_TYPES.Document) return canEdit(viewer, upload.uploaderId);
    if (referencedPostKindOf(upload.attachmentTypeId) === null || upload.referenceId <= 0) return true;
    const post = await this.referencedPosts.load(upload.attachmentTypeId, upload.referenceId);
    return post !== null && isVisibleTo(post, viewer);
  }

  /** The uploader and admins always see their files, even under a post hidden since. */
  async mayDelete(viewer: Actor, upload: FileUploadedData | null): Promise<boolean> {
    if (!upload) return true;
    return canEdit(viewer, upload.uploaderId) || (await this.mayRead(viewer, upload));
  }
}
