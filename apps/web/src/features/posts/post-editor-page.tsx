import { MAX_LENGTHS } from '@app/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ImageUploadModal } from '@/components/image-upload/image-upload-modal';
import { useMessageModal } from '@/components/message-modal';
import { NoticePage } from '@/components/notice-page';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { useToast } from '@/components/toast';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { POST_KINDS, type PostKind } from '@/config/post-kinds';
import { CategorySelect } from '@/features/posts/components/category-select';
import { ContentEditorField } from '@/features/posts/components/content-editor-field';
import { FormField } from '@/components/form-field';
import { PostAttachments } from '@/features/posts/components/post-attachments';
import { TagsSelect } from '@/components/tags-select';
import { UploadedImagesList } from '@/features/posts/components/uploaded-images-list';
import { useReferenceData } from '@/features/posts/hooks/use-reference-data';
import '@/features/posts/posts.css';
import { usePostSubmit } from '@/features/posts/hooks/use-post-submit';
import { paths } from '@/config/paths';

/** The instructions input itself stops at 200 characters (SPEC §5), below the model's 500. */
const INSTRUCTIONS_INPUT_MAX = 200;

/** Submit an article or ask a question, or edit one (?id=); logged-out visitors go to login. */
export function PostEditorPage({ kind }: { kind: PostKind }) {
  return (
    <RequireLogin>
      {/* A new form per kind: moving between the two editors starts afresh. */}
      <PostEditorForm key={kind} kind={kind} />
    </RequireLogin>
  );
}

function PostEditorForm({ kind }: { kind: PostKind }) {
  const config = POST_KINDS[kind];
  const navigate = useNavigate();
  const { showMessage, messageModal } = useMessageModal();
  const { showToast, toast } = useToast();
  const { categories, tags } = useReferenceData();
  const post = usePostSubmit(config, { showMessage, showToast });
  const { editor, values, change, errors, files } = post;
  const [uploading, setUploading] = useState(false);
  const viewHref = post.postId ? config.paths.view.getHref(post.postId, values.title) : null;

  const cancel = () => void navigate(viewHref ?? paths.home.getHref());

  if (post.notAllowed) {
    return (
      <NoticePage title={editor.heading.edit} className="post-submit">
        You are not allowed to edit this {kind}: only its author and admins can.
      </NoticePage>
    );
  }

  return (
    <div className="post-submit">
      <UnsavedChangesPrompt when={post.dirty} />
      <PageHeading title={post.postId ? editor.heading.edit : editor.heading.create} />
      {post.loadError && (
        <p className="notice" role="alert">
          {post.loadError}
        </p>
      )}
      <form
        className="card post-submit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void post.save();
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
        {editor.articleFields && (
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
        )}
        <ContentEditorField
          editorRef={post.editorRef}
          value={values.content}
          onChange={(html) => change('content', html)}
          height={editor.editorHeight}
          error={errors.content}
          onUploadImage={() => setUploading(true)}
        />
        <UploadedImagesList
          images={files.images}
          defaultImageId={files.defaultImageId}
          onChooseDefault={files.setDefaultImageId}
          onRemove={files.removeImage}
        />
        {editor.articleFields && (
          <>
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
          </>
        )}
        <PostAttachments files={files} attachmentTypeId={editor.attachmentType} />
        <div className="post-submit-buttons">
          <button type="submit" className="button button-primary">
            {post.isPublished ? editor.saveLabel.published : editor.saveLabel.draft}
          </button>
          {!editor.savePublishes && (
            <button type="button" className="button" onClick={() => void post.save(!post.isPublished)}>
              {post.isPublished ? 'Unpublish' : 'Publish'}
            </button>
          )}
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          {/* Issue 25: once readers can see it, the author can go and look. */}
          {viewHref && post.isPublished && !post.dirty && (
            <Link className="button" to={viewHref}>
              {editor.viewLabel}
            </Link>
          )}
        </div>
      </form>
      {uploading && (
        <ImageUploadModal attachmentTypeId={editor.fileTypes.image} onUpload={files.uploadImage} onClose={() => setUploading(false)} />
      )}
      {messageModal}
      {toast}
    </div>
  );
}
