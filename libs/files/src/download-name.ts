/** Extensions that name the same stored type. */
const SAME_TYPE: Readonly<Record<string, readonly string[]>> = { jpg: ['jpg', 'jpeg'], jpeg: ['jpg', 'jpeg'] };

/**
 * The name a download is saved under: the display name the uploader chose, ending in the extension
 * of the type the bytes were checked as (`extension`, without its dot). A text file named
 * `Solution.js` is saved as `Solution.js.txt`, so the reader's system opens it as what it is.
 * Trailing dots and spaces go first: some systems drop them, which would bring `.js` back.
 */
export function downloadNameFor(displayName: string, extension: string): string {
  const name = displayName.replace(/[.\s]+$/, '');
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const stored = extension.toLowerCase();
  if ((SAME_TYPE[stored] ?? [stored]).includes(current)) return name;
  return `${name || 'download'}.${stored}`;
}
