/** Word replacements applied before punctuation is dropped, so 'C#' and '.NET' keep their meaning. */
const WORD_REPLACEMENTS: ReadonlyArray<[RegExp, string]> = [
  [/c\+\+/g, 'cplusplus'],
  [/c#/g, 'csharp'],
  [/f#/g, 'fsharp'],
  [/\.net/g, 'dotnet'],
];

/**
 * The URL-safe title part of a post link (SPEC §5): lowercased, word replacements for c#, .net,
 * c++ and f#, spaces to hyphens, slashes and apostrophes removed, double hyphens collapsed.
 * Other characters that would end or break a path segment (?, #, %, ...) are dropped too.
 */
export function slugify(title: string): string {
  let slug = title.trim().toLowerCase();
  for (const [pattern, word] of WORD_REPLACEMENTS) slug = slug.replace(pattern, word);
  return slug
    .replace(/\s+/g, '-')
    .replace(/['’/\\]/g, '')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
