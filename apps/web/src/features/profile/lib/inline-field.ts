import { MAX_LENGTHS } from '@app/contracts';

/** SPEC §5 inline editable field: '*' when a required value is missing, 'Input Invalid' when it breaks the pattern or the length. */
export const INLINE_REQUIRED = '*';
export const INLINE_INVALID = 'Input Invalid';

export interface InlineFieldRules {
  required?: boolean;
  pattern?: RegExp;
  /** Default 1000 (SPEC §5). */
  maxLength?: number;
}

/** What is wrong with a value typed into an inline field, or null when it may be saved. */
export function inlineFieldError(
  value: string,
  { required = false, pattern, maxLength = MAX_LENGTHS.inlineField }: InlineFieldRules,
): string | null {
  const text = value.trim();
  if (text === '') return required ? INLINE_REQUIRED : null;
  if (text.length > maxLength || (pattern && !pattern.test(text))) return INLINE_INVALID;
  return null;
}
