import { FILL_REQUIRED_FIELDS_MESSAGE, firstErrors, type Article, type Question } from '@app/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import type { ShowMessage } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { getPost } from '@/features/posts/api/get-post';
import { messageOf } from '@/lib/message-of';
import { useAuth } from '@/lib/auth-context';
import { isSameForm } from '@/features/posts/lib/form-changes';
import { useAutosave } from '@/features/posts/hooks/use-autosave';
import { usePostFiles } from '@/features/posts/hooks/use-post-files';
import { usePostPersistence } from '@/features/posts/hooks/use-post-persistence';
import type { PostFilesRecord } from '@/features/posts/lib/post-files';
import { POST_EDITORS } from '@/features/posts/lib/post-editors';
import { autosaveSnapshotOf, EMPTY_POST, postFormValuesOf, postRequestOf, type PostFormValues } from '@/features/posts/lib/post-form';

/**
 * The editor's state and actions for a post of either kind: load for edit, save, publish or
 * unpublish, autosave (SPEC §4) and the post's images and attachments.
 */
export function usePostSubmit(
  config: PostKindConfig,
  { showMessage, showToast }: { showMessage: ShowMessage; showToast: (text: string) => void },
) {
  const editor = POST_EDITORS[config.kind];
  const persistence = usePostPersistence(config, showMessage);
  const editorRef = useRef<RichTextEditorHandle>(null);
  const [values, setValues] = useState<PostFormValues>(EMPTY_POST);
  // A new post is a draft until it is published (an article) or posted (a question).
  const [isPublished, setIsPublished] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [savedValues, setSavedValues] = useState<PostFormValues>(EMPTY_POST);
  const [authorUserName, setAuthorUserName] = useState<string | null>(null);
  const { user, isAdmin } = useAuth();

  // Uploads read the form as it is when they run (draft-before-upload).
  const current = useRef<{ request: object; valid: boolean }>({ request: {}, valid: false });
  const files = usePostFiles({
    types: editor.fileTypes,
    ensurePostId: () => persistence.ensurePostId(current.current.request, current.current.valid),
    editor: editorRef,
    showMessage,
  });
  const request = postRequestOf(config.kind, values, isPublished, files.defaultImageId);
  const errors = firstErrors(editor.saveRequest, request);
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
    // A new page (no id) starts empty; an edit loads the post. State changes only in the callbacks.
    const controller = new AbortController();
    const load = openedId
      ? getPost<(Article | Question) & PostFilesRecord>(config, openedId, { signal: controller.signal })
      : Promise.resolve(null);
    load
      .then((post) => {
        if (controller.signal.aborted) return;
        const loaded = post ? postFormValuesOf(post) : EMPTY_POST;
        setSubmitted(false);
        setLoadError('');
        setValues(loaded);
        setSavedValues(loaded);
        setAuthorUserName(post?.uName ?? null);
        // An article says whether it is published; a question only when it is a draft.
        setIsPublished(post ? (post.isPublished ?? !editor.articleFields) : false);
        loadFiles(post ?? {});
        markSaved(autosaveSnapshotOf(loaded));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSubmitted(false);
        setLoadError(`The ${config.kind} could not be loaded: ${messageOf(error)}`);
      });
    return () => controller.abort();
  }, [config, editor, openedId, loadFiles, markSaved]);

  const change = <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) =>
    setValues((state) => ({ ...state, [field]: value }));

  /** Save keeps an article's publish state and posts a question; Publish/Unpublish passes the new one and saves at once. */
  const save = async (publish?: boolean) => {
    setSubmitted(true);
    if (!valid) {
      if (editor.warnsOfMissingFields) showMessage(FILL_REQUIRED_FIELDS_MESSAGE);
      return;
    }
    const nextPublished = publish ?? (editor.savePublishes || isPublished);
    const saving = values;
    try {
      await persistence.persist({ ...request, isPublished: nextPublished });
      markSaved(autosaveSnapshotOf(saving));
      setSavedValues(saving);
      setIsPublished(nextPublished);
      const { messages } = editor;
      showToast(publish === undefined ? messages.saved : nextPublished ? messages.published : messages.unpublished);
    } catch (error) {
      showMessage(editor.messages.saveFailed, messageOf(error));
    }
  };

  return {
    editor,
    postId: persistence.postId,
    values,
    change,
    isPublished,
    errors: submitted ? errors : {},
    loadError,
    /** A post of someone else, opened by a non-admin: the page says so instead of showing the form. */
    notAllowed: authorUserName !== null && !isAdmin && authorUserName !== user?.userName,
    /** Changes not saved yet (the page warns before they are lost). */
    dirty: !isSameForm(values, savedValues),
    editorRef,
    files,
    save,
  };
}
