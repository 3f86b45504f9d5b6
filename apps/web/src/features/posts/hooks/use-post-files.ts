import { NO_DEFAULT_IMAGE_ID, type AttachedFile } from '@app/contracts';
import { useCallback, useState, type RefObject } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import type { ImageUploadInput } from '@/components/image-upload/image-upload-modal';
import type { ShowMessage } from '@/components/message-modal';
import { deleteFile } from '@/lib/delete-file';
import { uploadFile } from '@/lib/upload-file';
import { imageUrl } from '@/lib/image-url';
import { downloadFile } from '@/lib/download-file';
import { messageOf } from '@/lib/message-of';
import { splitPostFiles, type PostFileTypes, type PostFilesRecord, type UploadedImage } from '@/features/posts/lib/post-files';

/** SPEC §8: a failed upload, removal or download shows the server's message in a modal titled 'Error'. */
export const FILE_ERROR_TITLE = 'Error';

interface PostFilesOptions {
  types: PostFileTypes;
  /** The post's id, created as a draft first when needed; null when that was refused. */
  ensurePostId: () => Promise<number | null>;
  editor: RefObject<RichTextEditorHandle | null>;
  showMessage: ShowMessage;
}

/** The uploaded images (with the default-image choice) and file attachments of the post being edited. */
export function usePostFiles({ types, ensurePostId, editor, showMessage }: PostFilesOptions) {
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [attachments, setAttachments] = useState<AttachedFile[]>([]);
  const [defaultImageId, setDefaultImageId] = useState<number>(NO_DEFAULT_IMAGE_ID);

  const load = useCallback(
    (record: PostFilesRecord & { defaultImageId?: number | null }) => {
      const files = splitPostFiles(record, types);
      setImages(files.images);
      setAttachments(files.attachments);
      setDefaultImageId(record.defaultImageId ?? NO_DEFAULT_IMAGE_ID);
    },
    [types],
  );

  /** Image upload (SPEC §4): inserts the figure and lists the image; true when done. */
  const uploadImage = async ({ file, caption, description }: ImageUploadInput): Promise<boolean> => {
    const referenceId = await ensurePostId();
    if (referenceId === null) return false;
    try {
      const uploaded = await uploadFile({
        file,
        attachmentTypeId: types.image,
        fileDisplayName: caption,
        instructions: description,
        referenceId,
      });
      editor.current?.insertFigure({ src: imageUrl(uploaded.uploadedFileName), alt: description, caption });
      setImages((list) => [
        ...list,
        { id: uploaded.id, uploadedFileName: uploaded.uploadedFileName, fileDisplayName: caption, instructions: description },
      ]);
      return true;
    } catch (error) {
      showMessage(FILE_ERROR_TITLE, messageOf(error));
      return false;
    }
  };

  const removeImage = async (image: UploadedImage) => {
    try {
      await deleteFile(image.id);
    } catch (error) {
      showMessage(FILE_ERROR_TITLE, messageOf(error));
      return;
    }
    setImages((list) => list.filter((item) => item.id !== image.id));
    setDefaultImageId((current) => (current === image.id ? NO_DEFAULT_IMAGE_ID : current));
    editor.current?.removeImage(imageUrl(image.uploadedFileName));
  };

  const attachFile = async ({ file, name }: { file: File; name: string }): Promise<boolean> => {
    const referenceId = await ensurePostId();
    if (referenceId === null) return false;
    try {
      const uploaded = await uploadFile({ file, attachmentTypeId: types.file, fileDisplayName: name, referenceId });
      setAttachments((list) => [
        ...list,
        {
          id: uploaded.id,
          fileDisplayName: uploaded.fileDisplayName || name,
          attachmentTypeId: types.file,
          uploadedFileName: uploaded.uploadedFileName,
          instructions: '',
        },
      ]);
      return true;
    } catch (error) {
      showMessage(FILE_ERROR_TITLE, messageOf(error));
      return false;
    }
  };

  const removeAttachment = async (attachment: AttachedFile) => {
    try {
      await deleteFile(attachment.id);
      setAttachments((list) => list.filter((item) => item.id !== attachment.id));
    } catch (error) {
      showMessage(FILE_ERROR_TITLE, messageOf(error));
    }
  };

  const download = async (attachment: AttachedFile) => {
    try {
      await downloadFile(attachment.id, attachment.fileDisplayName);
    } catch (error) {
      showMessage(FILE_ERROR_TITLE, messageOf(error));
    }
  };

  return {
    images,
    attachments,
    defaultImageId,
    setDefaultImageId,
    load,
    uploadImage,
    attachFile,
    // Click handlers: each reports its own failure in the modal, so nothing is left to await.
    removeImage: (image: UploadedImage) => void removeImage(image),
    removeAttachment: (attachment: AttachedFile) => void removeAttachment(attachment),
    download: (attachment: AttachedFile) => void download(attachment),
  };
}

export type PostFiles = ReturnType<typeof usePostFiles>;
