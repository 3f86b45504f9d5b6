import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { EditorToolbar } from '@/components/editor/editor-toolbar';
import { Figure, type FigureOptions } from '@/components/editor/figure';
import { ImageUrlDialog } from '@/components/editor/image-url-dialog';
import { Indent } from '@/components/editor/indent';
import { LinkDialog } from '@/components/editor/link-dialog';
import { shouldAutoLink } from '@/components/editor/links';
import { naturalSizeOf } from '@/components/editor/natural-size';
import { lowlight } from '@/lib/code-languages';
// highlight.js's GitHub Dark theme for the token classes lowlight writes (hljs-keyword…).
import 'highlight.js/styles/github-dark.css';
import './editor.css';

/** What the submit pages do to the editor from outside (the uploaded-images list). */
export interface RichTextEditorHandle {
  insertFigure: (figure: FigureOptions) => void;
  /** Removes the figures showing this image (SPEC §4: removing an image removes its figure). */
  removeImage: (src: string) => void;
}

export interface RichTextEditorProps {
  /** Html; the editor follows it when it changes from outside (a loaded post). */
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  height: number;
  /** Shows the toolbar's upload button. */
  onUploadImage?: () => void;
  invalid?: boolean;
  describedBy?: string;
  ref?: Ref<RichTextEditorHandle>;
}

/** The TipTap rich-text editor of the submit pages; emits html. */
export function RichTextEditor({ value, onChange, label, height, onUploadImage, invalid, describedBy, ref }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const [askingImageUrl, setAskingImageUrl] = useState(false);
  const [editingLink, setEditingLink] = useState(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, shouldAutoLink, defaultProtocol: 'https' },
        codeBlock: false,
      }),
      Indent,
      CodeBlockLowlight.configure({ lowlight }),
      Image,
      Figure,
      TableKit.configure({ table: { resizable: false } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getHTML()),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === editor.getHTML()) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          class: 'rich-text-content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, label, invalid, describedBy]);

  useImperativeHandle(
    ref,
    () => ({
      insertFigure: (figure) =>
        void naturalSizeOf(figure.src).then((size) => {
          if (editor && !editor.isDestroyed)
            editor
              .chain()
              .focus()
              .insertFigure({ ...figure, ...size })
              .run();
        }),
      removeImage: (src) => editor?.commands.removeImagesBySrc(src),
    }),
    [editor],
  );

  if (!editor) return null;
  return (
    <div className={`rich-text-editor${invalid ? ' rich-text-editor-invalid' : ''}`}>
      <EditorToolbar
        editor={editor}
        onEditLink={() => setEditingLink(true)}
        onInsertImageUrl={() => setAskingImageUrl(true)}
        onUploadImage={onUploadImage}
      />
      <div
        className="rich-text-scroll"
        style={{ height }}
        onClick={(event) => event.target === event.currentTarget && editor.commands.focus('end')}
      >
        <EditorContent editor={editor} />
      </div>
      {editingLink && (
        <LinkDialog
          currentHref={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setEditingLink(false)}
          onRemove={() => {
            setEditingLink(false);
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
          }}
          onApply={(href) => {
            setEditingLink(false);
            const chain = editor.chain().focus().extendMarkRange('link');
            // With nothing selected the address itself becomes the link's text.
            if (editor.state.selection.empty && !editor.isActive('link'))
              chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            else chain.setLink({ href }).run();
          }}
        />
      )}
      {askingImageUrl && (
        <ImageUrlDialog
          onClose={() => setAskingImageUrl(false)}
          onInsert={(image) => {
            setAskingImageUrl(false);
            void naturalSizeOf(image.src).then((size) => {
              if (!editor.isDestroyed)
                editor
                  .chain()
                  .focus()
                  .setImage({ ...image, ...size })
                  .run();
            });
          }}
        />
      )}
    </div>
  );
}
