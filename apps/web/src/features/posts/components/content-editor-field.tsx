import { lazy, Suspense, useId, type Ref } from 'react';
import type { RichTextEditorHandle } from '@/components/editor/rich-text-editor';

// TipTap is most of the bundle and only the submit pages need it: load it with them.
const RichTextEditor = lazy(() => import('@/components/editor/rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

interface Props {
  value: string;
  onChange: (html: string) => void;
  height: number;
  error?: string;
  onUploadImage: () => void;
  editorRef: Ref<RichTextEditorHandle>;
}

/** The post's rich-text content with its label and validation message. */
export function ContentEditorField({ value, onChange, height, error, onUploadImage, editorRef }: Props) {
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        Content
      </span>
      <Suspense fallback={<div className="rich-text-editor" style={{ height }} aria-busy="true" />}>
        <RichTextEditor
          ref={editorRef}
          value={value}
          onChange={onChange}
          label="Content"
          height={height}
          onUploadImage={onUploadImage}
          invalid={!!error}
          describedBy={error ? `${id}-error` : undefined}
        />
      </Suspense>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
