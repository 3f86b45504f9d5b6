/** The shared pieces of the article and question submit pages. */
import './posts.css';
export { getPost, type PostKind } from './api/posts-api';
export { downloadFile, imageUrl, uploadFile } from './api/files-api';
export { AttachFilesForm } from './components/attach-files-form';
export { AttachmentsList } from './components/attachments-list';
export { PostAttachments } from './components/post-attachments';
export { CategorySelect } from './components/category-select';
export { ContentEditorField } from './components/content-editor-field';
export { FormField } from './components/form-field';
export { TagsSelect } from './components/tags-select';
export { UploadedImagesList } from './components/uploaded-images-list';
export { useAutosave } from './hooks/use-autosave';
export { usePostFiles, type PostFiles } from './hooks/use-post-files';
export { usePostPersistence, DRAFT_FAILED_MESSAGE } from './hooks/use-post-persistence';
export { useReferenceData } from './hooks/use-reference-data';
export { ARTICLE_FILE_TYPES, QUESTION_FILE_TYPES, type PostFilesRecord, type UploadedImage } from './lib/post-files';
export { messageOf } from './lib/message-of';
