import { randomBytes } from 'node:crypto';

export const USER_NAME_MAX_LENGTH = 30;
const FALLBACK_USER_NAME = 'user';
/** Numbered candidates tried before random suffixes take over (base, base-2 ... base-N). */
const NUMBERED_CANDIDATES = 20;

/** Lowercase letters, digits and single inner hyphens: safe in a URL path and in a stream name. */
const USER_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Handles that would be mistaken for the system: `system` and `operator` are event-metadata
 * actors, the others read as official in a profile URL.
 */
const RESERVED_USER_NAMES = new Set(['system', 'operator', 'admin', 'administrator', 'root', 'api', 'anonymous', 'support', 'moderator']);

/** Letters that NFKD does not decompose into a base letter plus accents. */
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ŋ: 'ng',
};

export const isValidUserName = (userName: string): boolean => userName.length <= USER_NAME_MAX_LENGTH && USER_NAME_PATTERN.test(userName);

export const isReservedUserName = (userName: string): boolean => RESERVED_USER_NAMES.has(userName);

/** Cuts to `maxLength` without leaving a hyphen at the end. */
const cut = (text: string, maxLength: number) => text.slice(0, maxLength).replace(/-+$/, '');

/** The URL-safe handle a display name suggests: 'Zoë O’Brien-Ødegård' -> 'zoe-o-brien-odegard'. */
export function userNameBase(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[ßæœøđðłþıŋ]/g, (letter) => LATIN_LETTERS[letter])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const handle = cut(ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+/, ''), USER_NAME_MAX_LENGTH);
  return handle || FALLBACK_USER_NAME;
}

const withSuffix = (base: string, suffix: string) => `${cut(base, USER_NAME_MAX_LENGTH - suffix.length - 1)}-${suffix}`;

const randomSuffix = () => randomBytes(4).toString('hex');

/**
 * User names to try, in order, until a reservation succeeds: base, base-2, base-3 ... then
 * endless random suffixes. Reserved names are skipped; every candidate is valid and at most
 * 30 characters long.
 */
export function* userNameCandidates(base: string, random: () => string = randomSuffix): Generator<string, never> {
  const start = isValidUserName(base) ? base : userNameBase(base);
  if (!isReservedUserName(start)) yield start;
  for (let n = 2; n <= NUMBERED_CANDIDATES; n += 1) yield withSuffix(start, String(n));
  for (;;) yield withSuffix(start, random());
}

/**
 * The handle for a display name. With `isTaken`, the first candidate that is not taken (for a
 * check against a list already in hand; the signup handler instead walks `userNameCandidates`
 * and lets the reservation stream decide, which is race-free).
 */
export function deriveUserName(name: string, isTaken?: (candidate: string) => boolean): string {
  const base = userNameBase(name);
  for (const candidate of userNameCandidates(base)) {
    if (!isTaken?.(candidate)) return candidate;
  }
  throw new Error('unreachable: userNameCandidates never ends');
}
