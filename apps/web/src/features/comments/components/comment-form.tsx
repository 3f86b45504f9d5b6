import { commentEditRequestSchema } from '@app/contracts';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { EDITOR_HEIGHT } from '@/components/editor/editor-height';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';
import { ImageUploadModal } from '@/components/image-upload/image-upload-modal';
import { useMessageModal } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { messageOf } from '@/lib/message-of';
import { COMMENT_ERROR_TITLE, useCommentImages } from '@/features/comments/hooks/use-comment-images';

// TipTap is most of the bundle: load it when a comment form first shows.
const RichTextEditor = lazy(() => import('@/components/editor/rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

const contentSchema = commentEditRequestSchema.shape.content;

interface CommentFormProps {
  kind: PostKindConfig;
  postId: number;
  /** The editor's accessible name: 'Comment', 'Reply', 'Edit comment'. */
  label: string;
  submitText: string;
  initialContent?: string;
  /** Sends the comment with the ids of its uploaded images; throws with the server's message on failure. */
  onSubmit: (content: string, attachedFiles: number[]) => Promise<unknown>;
  /** Shown for replies and edits: closes the form. */
  onCancel?: () => void;
  /** Image upload; off when editing, as an edit carries no new attachments. */
  withImages?: boolean;
}

/**
 * A comment's rich-text editor (height 300, SPEC §9) with image upload. After a successful post the
 * editor clears; a failure shows the 'Error' modal with the server's message (SPEC §8).
 */
export function CommentForm({
  kind,
  postId,
  label,
  submitText,
  initialContent = '',
  onSubmit,
  onCancel,
  withImages = true,
}: CommentFormProps) {
  const [content, setContent] = useState(initialContent);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const editor = useRef<RichTextEditorHandle>(null);
  const { showMessage, messageModal } = useMessageModal();
  const images = useCommentImages(kind, postId, editor, showMessage);
  const errorId = useId();
  const valid = contentSchema.safeParse(content).success;
  const error = submitted && !valid ? contentSchema.safeParse(content).error?.issues[0]?.message : undefined;

  const change = (html: string) => {
    setContent(html);
    // Clearing the editor deletes the images uploaded into it (SPEC §4).
    if (!contentSchema.safeParse(html).success) void images.discard();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || sending) return;
    setSending(true);
    try {
      await onSubmit(content, images.ids);
      images.keep();
      setContent('');
      setSubmitted(false);
    } catch (failure) {
      showMessage(COMMENT_ERROR_TITLE, messageOf(failure));
    } finally {
      setSending(false);
    }
  };

  const cancel = () => {
    void images.discard();
    onCancel?.();
  };

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} aria-label={label} noValidate>
      <Suspense fallback={<div className="rich-text-editor" style={{ height: EDITOR_HEIGHT.comment }} aria-busy="true" />}>
        <RichTextEditor
          ref={editor}
          value={content}
          onChange={change}
          label={label}
          height={EDITOR_HEIGHT.comment}
          onUploadImage={withImages ? () => setUploading(true) : undefined}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
      </Suspense>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <div className="comment-form-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {submitText}
        </button>
        {content !== '' && !onCancel && (
          <button type="button" className="button" onClick={() => change('')}>
            Clear
          </button>
        )}
        {onCancel && (
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {uploading && (
        <ImageUploadModal attachmentTypeId={kind.comments.imageType} onUpload={images.upload} onClose={() => setUploading(false)} />
      )}
      {messageModal}
    </form>
  );
}
