import { POST_KINDS } from '@/config/post-kinds';
import { firstErrors, questionSaveRequestSchema, type Question } from '@app/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import type { ShowMessage } from '@/components/message-modal';
import { getPost } from '@/features/posts/api/get-post';
import { messageOf } from '@/lib/message-of';
import { useAuth } from '@/lib/auth-context';
import { useAutosave } from '@/features/posts/hooks/use-autosave';
import { isSameForm } from '@/features/posts/lib/form-changes';
import { usePostFiles } from '@/features/posts/hooks/use-post-files';
import { usePostPersistence } from '@/features/posts/hooks/use-post-persistence';
import { QUESTION_FILE_TYPES, type PostFilesRecord } from '@/features/posts/lib/post-files';
import {
  autosaveSnapshotOf,
  EMPTY_QUESTION,
  questionFormValuesOf,
  questionRequestOf,
  type QuestionFormValues,
} from '@/features/posts/lib/question-form';

/** SPEC §8 messages of the ask-question page. */
export const QUESTION_MESSAGES = { saved: 'Question Saved', saveFailed: 'Operation Failed' } as const;

/** The ask-question page's state and actions: load for edit, save, autosave (as articles) and the question's images and attachments. */
export function useQuestionSubmit({ showMessage, showToast }: { showMessage: ShowMessage; showToast: (text: string) => void }) {
  const persistence = usePostPersistence(POST_KINDS.question, showMessage);
  const editorRef = useRef<RichTextEditorHandle>(null);
  const [values, setValues] = useState<QuestionFormValues>(EMPTY_QUESTION);
  const [submitted, setSubmitted] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [savedValues, setSavedValues] = useState<QuestionFormValues>(EMPTY_QUESTION);
  const [authorUserName, setAuthorUserName] = useState<string | null>(null);
  const { user, isAdmin } = useAuth();

  // Uploads read the form as it is when they run (draft-before-upload).
  const current = useRef<{ request: object; valid: boolean }>({ request: {}, valid: false });
  const files = usePostFiles({
    types: QUESTION_FILE_TYPES,
    ensurePostId: () => persistence.ensurePostId(current.current.request, current.current.valid),
    editor: editorRef,
    showMessage,
  });
  const request = questionRequestOf(values, files.defaultImageId);
  const errors = firstErrors(questionSaveRequestSchema, request);
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
    // A new page (no id) starts empty; an edit loads the question. State changes only in the callbacks.
    const controller = new AbortController();
    const load = openedId
      ? getPost<Question & PostFilesRecord>(POST_KINDS.question, openedId, { signal: controller.signal })
      : Promise.resolve(null);
    load
      .then((question) => {
        if (controller.signal.aborted) return;
        const loaded = question ? questionFormValuesOf(question) : EMPTY_QUESTION;
        setSubmitted(false);
        setLoadError('');
        setValues(loaded);
        setSavedValues(loaded);
        setAuthorUserName(question?.uName ?? null);
        loadFiles(question ?? {});
        markSaved(autosaveSnapshotOf(loaded));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSubmitted(false);
        setLoadError(`The question could not be loaded: ${messageOf(error)}`);
      });
    return () => controller.abort();
  }, [openedId, loadFiles, markSaved]);

  const change = <K extends keyof QuestionFormValues>(field: K, value: QuestionFormValues[K]) =>
    setValues((state) => ({ ...state, [field]: value }));

  /** SPEC §5: the errors show once a save was tried. */
  const save = async () => {
    setSubmitted(true);
    if (!valid) return;
    const saving = values;
    try {
      await persistence.persist(request);
      markSaved(autosaveSnapshotOf(saving));
      setSavedValues(saving);
      showToast(QUESTION_MESSAGES.saved);
    } catch (error) {
      showMessage(QUESTION_MESSAGES.saveFailed, messageOf(error));
    }
  };

  return {
    postId: persistence.postId,
    values,
    change,
    errors: submitted ? errors : {},
    loadError,
    /** A question of someone else, opened by a non-admin: the page says so instead of showing the form. */
    notAllowed: authorUserName !== null && !isAdmin && authorUserName !== user?.userName,
    /** Changes not saved yet (the page warns before they are lost). */
    dirty: !isSameForm(values, savedValues),
    editorRef,
    files,
    save,
  };
}
