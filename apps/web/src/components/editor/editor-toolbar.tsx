import { useEditorState, type Editor } from '@tiptap/react';
import { Heading2, Heading3, Link, Quote } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { CODE_LANGUAGES } from '@/lib/code-languages';
import { useRovingToolbar } from '@/components/editor/roving-toolbar';

const ALIGNMENTS = [
  ['left', 'Align left', '⇤'],
  ['center', 'Align center', '↔'],
  ['right', 'Align right', '⇥'],
  ['justify', 'Justify', '☰'],
] as const;

interface ToolbarProps {
  editor: Editor;
  onEditLink: () => void;
  onInsertImageUrl: () => void;
  onUploadImage?: () => void;
}

/** SPEC §2 editor toolbar: bold, italic, code block, headings, quote, link, image, upload, alignment, indent, undo/redo, table. */
export function EditorToolbar({ editor, onEditLink, onInsertImageUrl, onUploadImage }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      codeBlock: current.isActive('codeBlock'),
      codeLanguage: current.isActive('codeBlock') ? ((current.getAttributes('codeBlock').language as string | null) ?? '') : '',
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      align: ALIGNMENTS.find(([value]) => current.isActive({ textAlign: value }))?.[0] ?? null,
      canIndent: current.can().indent(),
      canOutdent: current.can().outdent(),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      inTable: current.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const languageId = useId();
  const roving = useRovingToolbar();
  /** In a code block, sets its language; elsewhere, turns the paragraph into a code block of that language. */
  const chooseLanguage = (language: string) => {
    if (state.codeBlock)
      chain()
        .updateAttributes('codeBlock', { language: language || null })
        .run();
    else if (language) chain().setCodeBlock({ language }).run();
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" {...roving}>
      <ToolGroup>
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </ToolButton>
        <ToolButton label="Code block" active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
          {'</>'}
        </ToolButton>
        <label className="editor-tool-select" htmlFor={languageId}>
          <span className="visually-hidden">Code language</span>
          <select id={languageId} value={state.codeLanguage} onChange={(event) => chooseLanguage(event.target.value)}>
            <option value="">{state.codeBlock ? 'Auto-detect' : 'Language…'}</option>
            {CODE_LANGUAGES.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </select>
        </label>
      </ToolGroup>
      <ToolGroup>
        <ToolButton label="Heading" active={state.heading2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 size={16} />
        </ToolButton>
        <ToolButton label="Subheading" active={state.heading3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 size={16} />
        </ToolButton>
        <ToolButton label="Quote" active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote size={16} />
        </ToolButton>
        <ToolButton label="Link" active={state.link} onClick={onEditLink}>
          <Link size={16} />
        </ToolButton>
      </ToolGroup>
      <ToolGroup>
        <ToolButton label="Insert image from URL" onClick={onInsertImageUrl}>
          Img
        </ToolButton>
        {onUploadImage && (
          <ToolButton label="Upload image" onClick={onUploadImage}>
            ⤒
          </ToolButton>
        )}
      </ToolGroup>
      <ToolGroup>
        {ALIGNMENTS.map(([value, label, glyph]) => (
          <ToolButton key={value} label={label} active={state.align === value} onClick={() => chain().setTextAlign(value).run()}>
            {glyph}
          </ToolButton>
        ))}
      </ToolGroup>
      <ToolGroup>
        <ToolButton label="Bullet list" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          •
        </ToolButton>
        <ToolButton label="Numbered list" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          1.
        </ToolButton>
        <ToolButton label="Indent" disabled={!state.canIndent} onClick={() => chain().indent().run()}>
          →
        </ToolButton>
        <ToolButton label="Outdent" disabled={!state.canOutdent} onClick={() => chain().outdent().run()}>
          ←
        </ToolButton>
      </ToolGroup>
      <ToolGroup>
        <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          ↶
        </ToolButton>
        <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          ↷
        </ToolButton>
      </ToolGroup>
      <ToolGroup>
        <ToolButton label="Insert table" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
          ▦
        </ToolButton>
        {state.inTable && (
          <>
            <ToolButton label="Add row" onClick={() => chain().addRowAfter().run()}>
              +≡
            </ToolButton>
            <ToolButton label="Add column" onClick={() => chain().addColumnAfter().run()}>
              +‖
            </ToolButton>
            <ToolButton label="Delete table" onClick={() => chain().deleteTable().run()}>
              ✕▦
            </ToolButton>
          </>
        )}
      </ToolGroup>
    </div>
  );
}

function ToolGroup({ children }: { children: ReactNode }) {
  return <div className="editor-toolbar-group">{children}</div>;
}

interface ToolButtonProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, active, disabled, onClick, children }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="editor-tool"
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: a mousedown on the button would otherwise blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
