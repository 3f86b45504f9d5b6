const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value made safe for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/**
 * JSON inside a `<script>` element: JSON.stringify does not escape `<`, so a title holding
 * `</script>` would end the element; these escapes keep the JSON equal and inert.
 */
export const inertJson = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const jsonLdScript = (data: object): string => `<script type="application/ld+json">${inertJson(JSON.stringify(data))}</script>`;

/** A description of at most `max` characters, cut at a word with an ellipsis. */
export function summary(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
