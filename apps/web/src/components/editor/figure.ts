import { Node } from '@tiptap/core';

export interface FigureOptions {
  src: string;
  alt?: string;
  caption: string;
  /** The natural size, written on the img so the page does not shift when it loads. */
  width?: number;
  height?: number;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts `<figure><img><figcaption>caption</figcaption></figure>` at the selection. */
      insertFigure: (options: FigureOptions) => ReturnType;
      /** Removes every figure (and bare image) showing `src`. */
      removeImagesBySrc: (src: string) => ReturnType;
    };
  }
}

/**
 * An uploaded image with its caption (SPEC §4). The caption is the node's editable content; the
 * image is an attribute, so the html is exactly what the server's sanitizer allows.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'inline*',
  draggable: true,
  isolating: true,

  addAttributes() {
    return {
      src: { default: null, rendered: false, parseHTML: (element) => element.querySelector('img')?.getAttribute('src') ?? null },
      alt: { default: null, rendered: false, parseHTML: (element) => element.querySelector('img')?.getAttribute('alt') ?? null },
      width: { default: null, rendered: false, parseHTML: (element) => dimensionOf(element.querySelector('img'), 'width') },
      height: { default: null, rendered: false, parseHTML: (element) => dimensionOf(element.querySelector('img'), 'height') },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        // Without an image it is not one of ours: let the figure's children parse as usual.
        getAttrs: (element) => (element.querySelector('img')?.getAttribute('src') ? null : false),
        contentElement: (element) => element.querySelector('figcaption') ?? document.createElement('figcaption'),
      },
    ];
  },

  renderHTML({ node }) {
    const image: Record<string, string> = { src: node.attrs.src as string };
    if (node.attrs.alt) image.alt = node.attrs.alt as string;
    if (node.attrs.width && node.attrs.height) {
      image.width = String(node.attrs.width);
      image.height = String(node.attrs.height);
    }
    return ['figure', ['img', image], ['figcaption', 0]];
  },

  addCommands() {
    return {
      insertFigure:
        ({ src, alt, caption, width, height }) =>
        ({ commands }) =>
          commands.insertContent({
            type: this.name,
            attrs: { src, alt: alt ?? null, width: width ?? null, height: height ?? null },
            content: caption ? [{ type: 'text', text: caption }] : [],
          }),
      removeImagesBySrc:
        (src) =>
        ({ state, tr, dispatch }) => {
          const ranges: Array<{ from: number; to: number }> = [];
          state.doc.descendants((node, pos) => {
            if ((node.type.name === this.name || node.type.name === 'image') && node.attrs.src === src) {
              ranges.push({ from: pos, to: pos + node.nodeSize });
              return false;
            }
            return true;
          });
          if (ranges.length === 0) return false;
          if (dispatch) for (const range of ranges.reverse()) tr.delete(range.from, range.to);
          return true;
        },
    };
  },
});

function dimensionOf(image: HTMLImageElement | null, name: 'width' | 'height'): number | null {
  const value = Number(image?.getAttribute(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}
