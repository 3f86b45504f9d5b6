import { MAX_LENGTHS, POST_MESSAGES } from '@app/contracts';
import { validationError } from '../shared/errors';
import { sanitizeRequiredRichText } from './sanitize-rich-text';

/** A tag as a post carries it: the id of the master-data tag and its display name. */
export interface PostTag {
  id: number;
  subTag: string;
}

/** A text length limit and the SPEC §5 message for breaking it. */
export interface TextLimit {
  max: number;
  tooLong: string;
}

/**
 * SPEC §9 maximum lengths with their SPEC §5 messages, both from the contracts (which report them
 * to users first); the deciders guard the same limits with the same words.
 */
export const POST_LIMITS = {
  title: { max: MAX_LENGTHS.postTitle, tooLong: POST_MESSAGES.titleTooLong },
  description: { max: MAX_LENGTHS.articleDescription, tooLong: POST_MESSAGES.descriptionTooLong },
  source: { max: MAX_LENGTHS.source, tooLong: POST_MESSAGES.sourceTooLong },
  instructions: { max: MAX_LENGTHS.instructions, tooLong: POST_MESSAGES.instructionsTooLong },
} as const satisfies Record<string, TextLimit>;

/** `defaultImageId` when no image has been chosen. */
export const NO_DEFAULT_IMAGE = -1;

/** The fields that articles and questions share. */
export interface CommonPostFields {
  title: string;
  categoryId: number;
  tags: PostTag[];
  content: string;
}

export function requireText(value: string, label: string, limit: TextLimit, { required }: { required: boolean }): void {
  if (required && value.trim().length === 0) throw validationError(`${label} is required.`);
  if (value.length > limit.max) throw validationError(limit.tooLong);
}

const isPositiveInteger = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * Guards the shared fields and returns them with the content sanitized, so that no event ever
 * carries unsanitized html whatever the caller forgot.
 */
export function checkCommonFields<Fields extends CommonPostFields>(fields: Fields): Fields {
  requireText(fields.title, 'Title', POST_LIMITS.title, { required: true });
  if (!isPositiveInteger(fields.categoryId)) throw validationError('Category is required.');
  if (fields.tags.length === 0) throw validationError('At least one tag is required.');
  if (fields.tags.some((tag) => !isPositiveInteger(tag.id))) throw validationError('Tag is invalid.');
  const content = sanitizeRequiredRichText(fields.content);
  if (content === null) throw validationError('Content is required.');
  return { ...fields, tags: fields.tags.map(({ id, subTag }) => ({ id, subTag })), content };
}

export function checkDefaultImageId(defaultImageId: number): void {
  if (defaultImageId !== NO_DEFAULT_IMAGE && !isPositiveInteger(defaultImageId)) throw validationError('Default image is invalid.');
}

export const sameTags = (a: readonly PostTag[], b: readonly PostTag[]): boolean =>
  a.length === b.length && a.every((tag, index) => tag.id === b[index].id && tag.subTag === b[index].subTag);
