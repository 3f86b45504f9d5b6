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
import { useArticleSubmit } from '@/features/posts/hooks/use-article-submit';
import { paths } from '@/config/paths';

/** The instructions input itself stops at 200 characters (SPEC §5), below the model's 500. */
const INSTRUCTIONS_INPUT_MAX = 200;

/** Submit or update an article (/article/submit, ?id= for edit); logged-out visitors go to login. */
export function ArticleSubmitPage() {
  return (
    <RequireLogin>
      <ArticleSubmitForm />
    </RequireLogin>
  );
}

function ArticleSubmitForm() {
  const navigate = useNavigate();
  const { showMessage, messageModal } = useMessageModal();
  const { showToast, toast } = useToast();
  const { categories, tags } = useReferenceData();
  const article = useArticleSubmit({ showMessage, showToast });
  const { values, change, errors, files } = article;
  const [uploading, setUploading] = useState(false);

  const cancel = () =>
    void navigate(article.postId ? POST_KINDS.article.paths.view.getHref(article.postId, values.title) : paths.home.getHref());

  if (article.notAllowed) {
    return (
      <div className="post-submit">
        <PageHeading title="Edit Article" />
        <p className="notice" role="alert">
          You are not allowed to edit this article: only its author and admins can.
        </p>
      </div>
    );
  }

  return (
    <div className="post-submit">
      <UnsavedChangesPrompt when={article.dirty} />
      <PageHeading title={article.postId ? 'Edit Article' : 'Submit an Article'} />
      {article.loadError && (
        <p className="notice" role="alert">
          {article.loadError}
        </p>
      )}
      <form
        className="card post-submit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void article.save();
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
        <FormField label="Description" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={values.description}
              maxLength={MAX_LENGTHS.articleDescription}
              onChange={(event) => change('description', event.target.value)}
            />
          )}
        </FormField>
        <ContentEditorField
          editorRef={article.editorRef}
          value={values.content}
          onChange={(html) => change('content', html)}
          height={EDITOR_HEIGHT.article}
          error={errors.content}
          onUploadImage={() => setUploading(true)}
        />
        <UploadedImagesList
          images={files.images}
          defaultImageId={files.defaultImageId}
          onChooseDefault={files.setDefaultImageId}
          onRemove={files.removeImage}
        />
        <FormField label="Source" error={errors.source}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={values.source}
              maxLength={MAX_LENGTHS.source}
              onChange={(event) => change('source', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Instructions" error={errors.instructions}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={values.instructions}
              maxLength={INSTRUCTIONS_INPUT_MAX}
              onChange={(event) => change('instructions', event.target.value)}
            />
          )}
        </FormField>
        <PostAttachments files={files} attachmentTypeId={AttachmentType.ArticleFileAttachment} />
        <div className="post-submit-buttons">
          <button type="submit" className="button button-primary">
            Save
          </button>
          <button type="button" className="button" onClick={() => void article.save(!article.isPublished)}>
            {article.isPublished ? 'Unpublish' : 'Publish'}
          </button>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
      {uploading && (
        <ImageUploadModal
          attachmentTypeId={AttachmentType.ArticleImageAttachment}
          onUpload={files.uploadImage}
          onClose={() => setUploading(false)}
        />
      )}
      {messageModal}
      {toast}
    </div>
  );
}
