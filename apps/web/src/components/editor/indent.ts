import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';

/** Indentation outside lists, in steps of INDENT_STEP_EM; the server's sanitizer allows exactly these margins. */
export const INDENT_STEP_EM = 2;
export const MAX_INDENT = 6;
const INDENTABLE = ['paragraph', 'heading'];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** In a list, nests the item; elsewhere, indents the selected paragraphs and headings one step. */
      indent: () => ReturnType;
      /** In a list, lifts the item out one level; elsewhere, removes one step of indentation. */
      outdent: () => ReturnType;
    };
  }
}

/** The indent level a stored `margin-left` stands for (0 when it is not one of ours). */
export function indentOfMargin(marginLeft: string): number {
  const match = /^(\d+(?:\.\d+)?)em$/.exec(marginLeft.trim());
  if (!match) return 0;
  const level = Math.round(Number(match[1]) / INDENT_STEP_EM);
  return Math.min(Math.max(level, 0), MAX_INDENT);
}

function inList(state: EditorState): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === 'listItem') return true;
  return false;
}

/** Moves every indentable block of the selection by `delta` steps; false when none can move. */
function shiftIndent(state: EditorState, tr: Transaction, delta: number, dispatch: boolean): boolean {
  const { from, to } = state.selection;
  let changed = false;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (!INDENTABLE.includes(node.type.name)) return true;
    const current = (node.attrs.indent as number) ?? 0;
    const next = Math.min(Math.max(current + delta, 0), MAX_INDENT);
    if (next !== current) {
      changed = true;
      if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
    }
    return false;
  });
  return changed;
}

/** TipTap has list nesting but no indentation of other blocks: a margin on paragraphs and headings. */
export const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: INDENTABLE,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => indentOfMargin(element.style.marginLeft),
            renderHTML: (attributes) =>
              attributes.indent ? { style: `margin-left: ${(attributes.indent as number) * INDENT_STEP_EM}em` } : {},
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      indent:
        () =>
        ({ state, tr, dispatch, commands }) =>
          inList(state) ? commands.sinkListItem('listItem') : shiftIndent(state, tr, 1, Boolean(dispatch)),
      outdent:
        () =>
        ({ state, tr, dispatch, commands }) =>
          inList(state) ? commands.liftListItem('listItem') : shiftIndent(state, tr, -1, Boolean(dispatch)),
    };
  },
});
