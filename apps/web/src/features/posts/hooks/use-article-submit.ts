import { POST_KINDS } from '@/config/post-kinds';
import { articleSaveRequestSchema, FILL_REQUIRED_FIELDS_MESSAGE, firstErrors, type Article } from '@app/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import type { ShowMessage } from '@/components/message-modal';
import { getPost } from '@/features/posts/api/get-post';
import { messageOf } from '@/lib/message-of';
import { useAuth } from '@/lib/auth-context';
import { isSameForm } from '@/features/posts/lib/form-changes';
import { useAutosave } from '@/features/posts/hooks/use-autosave';
import { usePostFiles } from '@/features/posts/hooks/use-post-files';
import { usePostPersistence } from '@/features/posts/hooks/use-post-persistence';
import { ARTICLE_FILE_TYPES, type PostFilesRecord } from '@/features/posts/lib/post-files';
import {
  articleFormValuesOf,
  articleRequestOf,
  autosaveSnapshotOf,
  EMPTY_ARTICLE,
  type ArticleFormValues,
} from '@/features/posts/lib/article-form';

/** SPEC §8 messages of the article submit page. */
export const ARTICLE_MESSAGES = {
  saved: 'Article Saved',
  published: 'Article Published',
  unpublished: 'Article unpublished',
  saveFailed: 'Operation Failed',
} as const;

/**
 * The article submit page's state and actions: load for edit, save, publish/unpublish, autosave
 * (SPEC §4) and the post's images and attachments.
 */
export function useArticleSubmit({ showMessage, showToast }: { showMessage: ShowMessage; showToast: (text: string) => void }) {
  const persistence = usePostPersistence(POST_KINDS.article, showMessage);
  const editorRef = useRef<RichTextEditorHandle>(null);
  const [values, setValues] = useState<ArticleFormValues>(EMPTY_ARTICLE);
  const [isPublished, setIsPublished] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [savedValues, setSavedValues] = useState<ArticleFormValues>(EMPTY_ARTICLE);
  const [authorUserName, setAuthorUserName] = useState<string | null>(null);
  const { user, isAdmin } = useAuth();

  // Uploads read the form as it is when they run (draft-before-upload).
  const current = useRef<{ request: object; valid: boolean }>({ request: {}, valid: false });
  const files = usePostFiles({
    types: ARTICLE_FILE_TYPES,
    ensurePostId: () => persistence.ensurePostId(current.current.request, current.current.valid),
    editor: editorRef,
    showMessage,
  });
  const request = articleRequestOf(values, isPublished, files.defaultImageId);
  const errors = firstErrors(articleSaveRequestSchema, request);
  const valid = Object.keys(errors).length === 0;
  useLayoutEffect(() => {
    current.current = { request, valid };
  });

  const { markSaved } = useAutosave({
    snapshot: autosaveSnapshotOf(values),
    valid,
    save: async () => {
      const saving = values;
      await persistence.persist(request, { silent: true });
      setSavedValues(saving);
    },
  });

  const { openedId } = persistence;
  const loadFiles = files.load;
  useEffect(() => {
    // A new page (no id) starts empty; an edit loads the article. State changes only in the callbacks.
    const controller = new AbortController();
    const load = openedId
      ? getPost<Article & PostFilesRecord>(POST_KINDS.article, openedId, { signal: controller.signal })
      : Promise.resolve(null);
    load
      .then((article) => {
        if (controller.signal.aborted) return;
        const loaded = article ? articleFormValuesOf(article) : EMPTY_ARTICLE;
        setSubmitted(false);
        setLoadError('');
        setValues(loaded);
        setSavedValues(loaded);
        setAuthorUserName(article?.uName ?? null);
        setIsPublished(!!article?.isPublished);
        loadFiles(article ?? {});
        markSaved(autosaveSnapshotOf(loaded));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSubmitted(false);
        setLoadError(`The article could not be loaded: ${messageOf(error)}`);
      });
    return () => controller.abort();
  }, [openedId, loadFiles, markSaved]);

  const change = <K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Save keeps the published state; Publish/Unpublish passes the new one and saves at once. */
  const save = async (publish?: boolean) => {
    setSubmitted(true);
    if (!valid) {
      showMessage(FILL_REQUIRED_FIELDS_MESSAGE);
      return;
    }
    const nextPublished = publish ?? isPublished;
    const snapshot = autosaveSnapshotOf(values);
    try {
      await persistence.persist({ ...request, isPublished: nextPublished });
      markSaved(snapshot);
      setSavedValues(values);
      setIsPublished(nextPublished);
      showToast(publish === undefined ? ARTICLE_MESSAGES.saved : nextPublished ? ARTICLE_MESSAGES.published : ARTICLE_MESSAGES.unpublished);
    } catch (error) {
      showMessage(ARTICLE_MESSAGES.saveFailed, messageOf(error));
    }
  };

  return {
    postId: persistence.postId,
    values,
    change,
    isPublished,
    errors: submitted ? errors : {},
    loadError,
    /** An article of someone else, opened by a non-admin: the page says so instead of showing the form. */
    notAllowed: authorUserName !== null && !isAdmin && authorUserName !== user?.userName,
    /** Changes not saved yet (the page warns before they are lost). */
    dirty: !isSameForm(values, savedValues),
    editorRef,
    files,
    save,
  };
}
