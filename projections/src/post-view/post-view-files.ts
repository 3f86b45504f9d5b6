import type { AttachedFile } from '@app/contracts';
import { articleStreamName, questionStreamName, referencedPostKindOf, type FileEvent, type FileUploadedData } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';

/** Which file of which post view a `file-<id>` stream filled, so that FileDeleted (which carries only `at`) finds it. */
export const POST_VIEW_FILES_COLLECTION = 'post_view_files';

export type PostFileList = 'attachedFiles' | 'images';

export interface PostViewFileLink {
  /** The file's stream name, `file-<id>`. */
  id: string;
  postViewId: string;
  list: PostFileList;
  fileId: number;
  [field: string]: unknown;
}

export const POST_VIEW_FILE_EVENTS: FileEvent['type'][] = ['FileUploaded', 'FileDeleted'];

/** Post files (types 2, 3) are listed as attachedFiles; post images (types 4, 5) as images, for the submit pages. */
function listOf(type: number): PostFileList | null {
  if (type === 2 || type === 3) return 'attachedFiles';
  if (type === 4 || type === 5) return 'images';
  return null;
}

const postViewIdOf = (upload: FileUploadedData): string | null => {
  const kind = referencedPostKindOf(upload.attachmentTypeId);
  if (kind === null || upload.referenceId <= 0) return null;
  return kind === 'article' ? articleStreamName(upload.referenceId) : questionStreamName(upload.referenceId);
};

const attachedFileOf = (upload: FileUploadedData): AttachedFile => ({
  id: upload.id,
  fileDisplayName: upload.fileDisplayName,
  attachmentTypeId: upload.attachmentTypeId,
  uploadedFileName: upload.uploadedFileName,
  instructions: upload.instructions,
});

type FilesOfPost = { [list in PostFileList]?: AttachedFile[] } & { id: string };

/** The file-event branch of the post-view projection; `postViews` is its post collection. */
export async function applyPostFileEvent(recorded: RecordedEvent, tx: ReadStoreTransaction, postViews: string): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as FileEvent;
  if (event.type === 'FileUploaded') {
    const list = listOf(event.data.attachmentTypeId);
    const postViewId = postViewIdOf(event.data);
    if (!list || !postViewId) return;
    const post = await tx.get<FilesOfPost>(postViews, postViewId);
    if (!post) return;
    await tx.upsert(postViews, { ...post, [list]: [...(post[list] ?? []), attachedFileOf(event.data)] });
    return tx.upsert<PostViewFileLink>(POST_VIEW_FILES_COLLECTION, { id: recorded.streamName, postViewId, list, fileId: event.data.id });
  }
  const link = await tx.get<PostViewFileLink>(POST_VIEW_FILES_COLLECTION, recorded.streamName);
  if (!link) return;
  await tx.delete(POST_VIEW_FILES_COLLECTION, link.id);
  const post = await tx.get<FilesOfPost>(postViews, link.postViewId);
  if (!post) return;
  await tx.upsert(postViews, { ...post, [link.list]: (post[link.list] ?? []).filter((file) => file.id !== link.fileId) });
}
