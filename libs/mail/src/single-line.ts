/**
 * Line breaks and other control characters (C0, C1, U+2028/U+2029) and the invisible bidi
 * controls (embeddings, overrides, isolates, marks) that could make text read otherwise than it is.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_LENGTH = 200;

/**
 * A user's name or a post's title as it goes into a mail: one line, without control or bidi
 * characters, at most 200 characters. Otherwise a name like "Ada\n\nYour account is locked..."
 * turns into a paragraph of the site's own mail (phishing in our name).
 */
export function singleLine(text: string): string {
  const line = text.replace(BREAKING, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}
