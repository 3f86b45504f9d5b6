import { useRef, useState, type RefObject } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import type { ImageUploadInput } from '@/components/image-upload/image-upload-modal';
import type { ShowMessage } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { deleteFile } from '@/lib/delete-file';
import { imageUrl } from '@/lib/image-url';
import { messageOf } from '@/lib/message-of';
import { uploadFile } from '@/lib/upload-file';

export const COMMENT_ERROR_TITLE = 'Error';

/**
 * The images uploaded into a comment being written (attachment type 6 or 7, SPEC §3). They go with
 * the comment when it is posted; clearing the editor (or dropping the reply) deletes them (SPEC §4).
 */
export function useCommentImages(
  kind: PostKindConfig,
  postId: number,
  editor: RefObject<RichTextEditorHandle | null>,
  showMessage: ShowMessage,
) {
  const [ids, setIds] = useState<number[]>([]);
  // The deletion reads the ids of this moment, also from a handler made before the last upload.
  const idsRef = useRef<number[]>([]);
  const update = (next: number[]) => {
    idsRef.current = next;
    setIds(next);
  };

  const upload = async ({ file, caption, description }: ImageUploadInput): Promise<boolean> => {
    try {
      const uploaded = await uploadFile({
        file,
        attachmentTypeId: kind.comments.imageType,
        fileDisplayName: caption,
        instructions: description,
        referenceId: postId,
      });
      editor.current?.insertFigure({ src: imageUrl(uploaded.uploadedFileName), alt: description, caption });
      update([...idsRef.current, uploaded.id]);
      return true;
    } catch (error) {
      showMessage(COMMENT_ERROR_TITLE, messageOf(error));
      return false;
    }
  };

  /** Deletes every image uploaded since the last post (best effort: one the server kept is an orphan, not an error to show). */
  const discard = async () => {
    const discarded = idsRef.current;
    if (discarded.length === 0) return;
    update([]);
    await Promise.allSettled(discarded.map((id) => deleteFile(id)));
  };

  /** The comment was posted: its images now belong to it. */
  const keep = () => update([]);

  return { ids, upload, discard, keep };
}
