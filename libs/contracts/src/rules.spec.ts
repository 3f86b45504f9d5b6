import { z } from 'zod';
import {
  AttachmentType,
  EMAIL_MESSAGES,
  emailField,
  EntityType,
  hasTextOrImage,
  isValidEmail,
  isValidUrl,
  PAGE_SIZE,
  LINK_LIFETIME_MINUTES,
  AUTOSAVE_MS,
  RoleId,
  stripSearchText,
} from './rules';
import { firstErrors } from './validation';

describe('constants', () => {
  it('are the SPEC §3 and §9 values', () => {
    expect([PAGE_SIZE, LINK_LIFETIME_MINUTES, AUTOSAVE_MS]).toEqual([20, 15, 60000]);
    expect(EntityType).toEqual({ Article: 1, Question: 2, ArticleComment: 3, QuestionComment: 4, ArticleQuestion: 100 });
    expect(Object.values(AttachmentType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(AttachmentType.ProfilePicture).toBe(8);
    expect(RoleId).toEqual({ User: 1, Admin: 2 });
  });
});

describe('e-mail pattern', () => {
  it.each(['ada@example.com', 'a.b_c%d-e@mail.example.org', 'X@y.io', `${'a'.repeat(64)}@example.com`, 'first.last@sub-domain.example.co'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    ['no at sign', 'ada.example.com'],
    ['empty local part', '@example.com'],
    ['65-character local part', `${'a'.repeat(65)}@example.com`],
    ['plus sign (not in the spec set)', 'ada+news@example.com'],
    ['no top-level domain', 'ada@example'],
    ['one-letter top-level domain', 'ada@example.c'],
    ['four-letter top-level domain', 'ada@example.info'],
    ['digit top-level domain', 'ada@example.c0m'],
    ['empty domain label', 'ada@.com'],
    ['double dot in domain', 'ada@example..com'],
    ['space inside', 'ada lovelace@example.com'],
    ['two at signs', 'ada@b@example.com'],
  ])('refuses %s', (_why, email) => expect(isValidEmail(email)).toBe(false));

  it('refuses more than 320 characters', () => {
    const long = `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(60)}.com`;
    expect(long.length).toBeGreaterThan(320);
    expect(isValidEmail(long)).toBe(false);
  });
});

describe('emailField', () => {
  const schema = z.object({ Email: emailField() });
  const messageOf = (Email: unknown) => firstErrors(schema, { Email }).Email;

  it('reports a missing or blank e-mail as required, and only that', () => {
    expect(messageOf(undefined)).toBe(EMAIL_MESSAGES.required);
    expect(schema.safeParse({ Email: '   ' }).error?.issues.map((issue) => issue.message)).toEqual(['- Email is required']);
  });

  it('reports a malformed e-mail as invalid', () => expect(messageOf('ada@')).toBe('- Email is invalid'));

  it('reports an over-long e-mail', () => expect(messageOf(`${'a'.repeat(64)}@${'b'.repeat(300)}.com`)).toBe(EMAIL_MESSAGES.tooLong));

  it('trims a valid e-mail', () => expect(schema.parse({ Email: ' ada@example.com ' })).toEqual({ Email: 'ada@example.com' }));
});

describe('URL pattern', () => {
  it.each([
    'http://example.com',
    'https://www.linkedin.com/in/ada-lovelace',
    'https://github.com/ada?tab=repositories',
    'http://192.168.1.10:8080/cv.pdf',
    'https://localhost:3000',
    'https://example.co.uk:443/path/to/page?x=1&y=2#top',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each([
    'ftp://example.com',
    'example.com',
    'https//example.com',
    'http://',
    'http://exa mple.com',
    'http://example.com:123456',
    'http://999.1.1.1',
    'javascript:alert(1)',
    `https://example.com/${'a'.repeat(290)}`,
  ])('refuses %s', (url) => expect(isValidUrl(url)).toBe(false));
});

describe('stripSearchText', () => {
  it('keeps letters and spaces only, trimmed', () => {
    expect(stripSearchText('  C# & .NET 8: async/await!  ')).toBe('C NET asyncawait');
    expect(stripSearchText("O'Brien's café")).toBe('OBriens café');
    expect(stripSearchText('123 !?')).toBe('');
  });
});

describe('hasTextOrImage', () => {
  it.each(['<p>Hello</p>', 'plain text', '<p><img src="/images/a.png"></p>', '<figure><img src="x"/></figure>'])('accepts %s', (html) =>
    expect(hasTextOrImage(html)).toBe(true),
  );

  it.each(['', '<p></p>', '<p><br></p>', '<p>&nbsp; &#160;</p>', '<!-- <p>hidden</p> --><p> </p>'])('refuses %j', (html) =>
    expect(hasTextOrImage(html)).toBe(false),
  );
});
