import { AttachmentType, articleSaveRequestSchema, questionSaveRequestSchema } from '@app/contracts';
import type { ZodType } from 'zod';
import { EDITOR_HEIGHT } from '@/components/editor/editor-height';
import type { PostKind } from '@/config/post-kinds';
import { ARTICLE_FILE_TYPES, QUESTION_FILE_TYPES, type PostFileTypes } from '@/features/posts/lib/post-files';

/** What differs between the article and the question editor (SPEC §2, §8), described once; one page and one hook over it. */
export interface PostEditor {
  heading: { create: string; edit: string };
  saveRequest: ZodType;
  fileTypes: PostFileTypes;
  attachmentType: AttachmentType;
  editorHeight: number;
  /** Description, source and instructions (articles only). */
  articleFields: boolean;
  /**
   * Save keeps an article's publish state, beside its Publish/Unpublish button; a question's Save
   * posts it (autosave and draft-before-upload keep a new question a draft until then).
   */
  savePublishes: boolean;
  /** The submit button's label while the post is a draft (or new), and once readers see it. */
  saveLabel: { draft: string; published: string };
  /** SPEC §8 article page: an invalid save also says 'fill the required fields' in a message box. */
  warnsOfMissingFields: boolean;
  messages: { saved: string; published: string; unpublished: string; saveFailed: string };
  viewLabel: string;
}

export const POST_EDITORS: Record<PostKind, PostEditor> = {
  article: {
    heading: { create: 'Submit an Article', edit: 'Edit Article' },
    saveRequest: articleSaveRequestSchema,
    fileTypes: ARTICLE_FILE_TYPES,
    attachmentType: AttachmentType.ArticleFileAttachment,
    editorHeight: EDITOR_HEIGHT.article,
    articleFields: true,
    savePublishes: false,
    saveLabel: { draft: 'Save', published: 'Save' },
    warnsOfMissingFields: true,
    messages: {
      saved: 'Article Saved',
      published: 'Article Published',
      unpublished: 'Article unpublished',
      saveFailed: 'Operation Failed',
    },
    viewLabel: 'View article',
  },
  question: {
    heading: { create: 'Ask a Question', edit: 'Edit Question' },
    saveRequest: questionSaveRequestSchema,
    fileTypes: QUESTION_FILE_TYPES,
    attachmentType: AttachmentType.QuestionFileAttachment,
    editorHeight: EDITOR_HEIGHT.question,
    articleFields: false,
    savePublishes: true,
    // Issue 25: the button that makes a draft question public says so; a posted one is saved (SPEC §8).
    saveLabel: { draft: 'Post Your Question', published: 'Save' },
    warnsOfMissingFields: false,
    messages: { saved: 'Question Saved', published: 'Question Saved', unpublished: 'Question Saved', saveFailed: 'Operation Failed' },
    viewLabel: 'View question',
  },
};
