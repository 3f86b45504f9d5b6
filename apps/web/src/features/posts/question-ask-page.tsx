import { AttachmentType, MAX_LENGTHS } from '@app/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EDITOR_HEIGHT } from '@/components/editor/editor-height';
import { ImageUploadModal } from '@/components/image-upload/image-upload-modal';
import { useMessageModal } from '@/components/message-modal';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { useToast } from '@/components/toast';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { POST_KINDS } from '@/config/post-kinds';
import { CategorySelect } from '@/features/posts/components/category-select';
import { ContentEditorField } from '@/features/posts/components/content-editor-field';
import { FormField } from '@/components/form-field';
import { PostAttachments } from '@/features/posts/components/post-attachments';
import { TagsSelect } from '@/components/tags-select';
import { UploadedImagesList } from '@/features/posts/components/uploaded-images-list';
import { useReferenceData } from '@/features/posts/hooks/use-reference-data';
import '@/features/posts/posts.css';
import { useQuestionSubmit } from '@/features/posts/hooks/use-question-submit';
import { paths } from '@/config/paths';

/** Ask or update a question (/question/ask, ?id= for edit); logged-out visitors go to login. */
export function QuestionAskPage() {
  return (
    <RequireLogin>
      <QuestionAskForm />
    </RequireLogin>
  );
}

function QuestionAskForm() {
  const navigate = useNavigate();
  const { showMessage, messageModal } = useMessageModal();
  const { showToast, toast } = useToast();
  const { categories, tags } = useReferenceData();
  const question = useQuestionSubmit({ showMessage, showToast });
  const { values, change, errors, files } = question;
  const [uploading, setUploading] = useState(false);

  const cancel = () =>
    void navigate(question.postId ? POST_KINDS.question.paths.view.getHref(question.postId, values.title) : paths.home.getHref());

  if (question.notAllowed) {
    return (
      <div className="post-submit">
        <PageHeading title="Edit Question" />
        <p className="notice" role="alert">
          You are not allowed to edit this question: only its author and admins can.
        </p>
      </div>
    );
  }

  return (
    <div className="post-submit">
      <UnsavedChangesPrompt when={question.dirty} />
      <PageHeading title={question.postId ? 'Edit Question' : 'Ask a Question'} />
      {question.loadError && (
        <p className="notice" role="alert">
          {question.loadError}
        </p>
      )}
      <form
        className="card post-submit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void question.save();
        }}
      >
        <CategorySelect
          categories={categories}
          value={values.categoryId}
          onChange={(id) => change('categoryId', id)}
          error={errors.categoryId}
        />
        <TagsSelect tags={tags} value={values.tags} onChange={(list) => change('tags', list)} error={errors.tags} />
        <FormField label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={values.title}
              maxLength={MAX_LENGTHS.postTitle}
              onChange={(event) => change('title', event.target.value)}
            />
          )}
        </FormField>
        <ContentEditorField
          editorRef={question.editorRef}
          value={values.content}
          onChange={(html) => change('content', html)}
          height={EDITOR_HEIGHT.question}
          error={errors.content}
          onUploadImage={() => setUploading(true)}
        />
        <UploadedImagesList
          images={files.images}
          defaultImageId={files.defaultImageId}
          onChooseDefault={files.setDefaultImageId}
          onRemove={files.removeImage}
        />
        <PostAttachments files={files} attachmentTypeId={AttachmentType.QuestionFileAttachment} />
        <div className="post-submit-buttons">
          <button type="submit" className="button button-primary">
            Save
          </button>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
      {uploading && (
        <ImageUploadModal
          attachmentTypeId={AttachmentType.QuestionImageAttachment}
          onUpload={files.uploadImage}
          onClose={() => setUploading(false)}
        />
      )}
      {messageModal}
      {toast}
    </div>
  );
}
