/**
 * The server's paint of stored rich text (server-paint.tsx sets `highlight`): its code blocks as
 * RichHtml's effect leaves them in the browser, highlighted and wrapped. The SPA adopts that DOM
 * as it is (RichHtml keeps a wrapped block), so a painted post neither loads the grammars nor
 * highlights again on the reader's main thread. The browser's own renders leave the html as it is.
 */
let highlight: ((html: string) => string) | null = null;

export function paintCodeBlocksWith(highlighter: (html: string) => string): void {
  highlight = highlighter;
}

export function paintedCodeBlocks(html: string): string {
  return highlight ? highlight(html) : html;
}
