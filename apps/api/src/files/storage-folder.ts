import { uploadCategoryOf, type AttachmentTypeId } from '@app/domain';
import type { StorageFolder } from '@app/files';

/** SPEC §3 storage folders: post and comment images, profile pictures, post files, documents. */
export function storageFolderOf(type: AttachmentTypeId): StorageFolder {
  switch (uploadCategoryOf(type)) {
    case 'image':
      return 'Images';
    case 'profilePicture':
      return 'ProfilePictures';
    case 'attachment':
      return 'Attachment';
    case 'document':
      return 'File';
  }
}
