import { z } from 'zod';

/** SPEC §9 business constants. */
export const PAGE_SIZE = 20;
export const LINK_LIFETIME_MINUTES = 15;
export const AUTOSAVE_MS = 60_000;

/** SPEC §5 and §9 length limits. */
export const PASSWORD_LENGTH = { min: 8, max: 16 } as const;
export const NAME_LENGTH = { min: 3, max: 256 } as const;
export const MAX_LENGTHS = {
  email: 320,
  url: 300,
  postTitle: 200,
  articleDescription: 200,
  source: 500,
  instructions: 500,
  documentInstructions: 2000,
  fileDisplayName: 256,
  imageDescription: 200,
  profileName: 256,
  profileTitle: 200,
  about: 500,
  phone: 15,
  historyName: 128,
  projectDescription: 1000,
  inlineField: 1000,
} as const;

/** SPEC §3 enumerations. */
export { AttachmentType, EntityType, RoleId } from './enumerations';

/** SPEC §5: 1-64 of letters, digits, `._%-`, then @, a domain, a dot and 2-3 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%-]{1,64}@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,3}$/;

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const HOST_NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}';
/** SPEC §5: http or https, host or IP, optional port of up to 5 digits, optional path or query. */
export const URL_PATTERN = new RegExp(
  `^https?://(?:${HOST_NAME}|localhost|(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET})(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  'i',
);

export const EMAIL_MESSAGES = {
  required: '- Email is required',
  invalid: '- Email is invalid',
  tooLong: `- Email must be max ${MAX_LENGTHS.email} characters`,
} as const;

export const isValidEmail = (value: string): boolean => value.length <= MAX_LENGTHS.email && EMAIL_PATTERN.test(value);
export const isValidUrl = (value: string): boolean => value.length <= MAX_LENGTHS.url && URL_PATTERN.test(value);

/**
 * Check options for a rule that applies only once a value is typed, so a blank field reports
 * 'required' alone. (An aborting check would do the same but also silence object-level rules such
 * as the password match.)
 */
export const ifPresent = (error: string) => ({
  error,
  when: (payload: z.core.ParsePayload) => typeof payload.value === 'string' && payload.value.length > 0,
});

/** A string that must be present: a missing value and an empty one (after trimming, when asked) report the same message. */
export function requiredString(requiredMessage: string, { trim = true }: { trim?: boolean } = {}) {
  const base = z.string({ error: requiredMessage });
  return (trim ? base.trim() : base).min(1, requiredMessage);
}

/** A string that may be absent or null; present, it is trimmed and bounded. */
export const optionalText = (max: number, tooLongMessage: string) => z.string().trim().max(max, tooLongMessage).nullish();

/** The e-mail rule of SPEC §5, trimmed first so a stray space is not an error; an over-long one reports only that. */
export const emailField = () =>
  requiredString(EMAIL_MESSAGES.required)
    .max(MAX_LENGTHS.email, EMAIL_MESSAGES.tooLong)
    .refine((value) => EMAIL_PATTERN.test(value), {
      error: EMAIL_MESSAGES.invalid,
      when: (payload) => typeof payload.value === 'string' && payload.value.length > 0 && payload.value.length <= MAX_LENGTHS.email,
    });

/** Passwords are never trimmed: spaces are part of them. */
export const passwordField = (messages: { required: string; tooShort: string; tooLong: string }) =>
  requiredString(messages.required, { trim: false })
    .min(PASSWORD_LENGTH.min, ifPresent(messages.tooShort))
    .max(PASSWORD_LENGTH.max, messages.tooLong);

/** A positive safe integer id (posts, categories, tags, files). */
export const positiveId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** SPEC §5: search text keeps letters and spaces only, trimmed (runs of spaces left by removals become one). */
export function stripSearchText(text: string): string {
  return text
    .replace(/[^\p{L} ]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const WHITESPACE_ENTITIES = /&(?:nbsp|#160|#x0*a0|ensp|emsp|thinsp|#8194|#8195|#8201);/gi;

/**
 * Whether editor html holds something a reader sees: an image, or any text once tags are gone.
 * The empty editor produces `<p></p>` or `<p><br></p>`, which is not content.
 */
export function hasTextOrImage(html: string): boolean {
  if (/<img\b[^>]*>/i.test(html)) return true;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(WHITESPACE_ENTITIES, ' ');
  return text.trim().length > 0;
}
