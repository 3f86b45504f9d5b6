/**
 * What the editor links by itself (issue 25, audit item 2): only what the writer typed with a
 * scheme (`https://…`, `mailto:…`) or starting with `www.`. linkify also takes 'ASP.NET',
 * 'Node.js' or 'Vue.js' for domain names, which in a technical article they are not.
 */
export function shouldAutoLink(text: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|www\.)/i.test(text);
}

/** The address a writer typed in the link dialog, as a safe href; null when it is not one. */
export function linkHrefOf(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const candidate = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  try {
    const url = new URL(candidate);
    if (url.protocol === 'mailto:') return url.pathname.includes('@') ? candidate : null;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? candidate : null;
  } catch {
    return null;
  }
}
