import { MAX_MENTIONS, mentionedUserNames, mentionIdsFor } from './mentions';

describe('mentionedUserNames', () => {
  it('finds @user-name handles in paragraphs, lowercased, each once, in order', () => {
    expect(mentionedUserNames('<p>Thanks @Ann and @bob-smith, and @ann again.</p><p>@carl2</p>')).toEqual(['ann', 'bob-smith', 'carl2']);
  });

  it('ends a handle at punctuation and at a tag', () => {
    expect(mentionedUserNames('<p>(@ann), @bob: <strong>@carl</strong>!</p><p>x</p><p>@dora</p>')).toEqual(['ann', 'bob', 'carl', 'dora']);
  });

  it('reads a handle after a non-breaking space or an escaped @', () => {
    expect(mentionedUserNames('<p>hi&nbsp;@ann and &#64;bob</p>')).toEqual(['ann', 'bob']);
  });

  it('ignores e-mail addresses, paths and handles glued to words', () => {
    expect(mentionedUserNames('<p>ann@example.com, example.com/@bob, x_@carl, dora@@eve, a.@fay</p>')).toEqual([]);
  });

  it('ignores handles in code, code blocks and links', () => {
    const html =
      '<p>use <code>@Injectable</code></p><pre><code>@Component\nclass A {}</code></pre><p><a href="https://x.example">@ann</a> @bob</p>';
    expect(mentionedUserNames(html)).toEqual(['bob']);
  });

  it('ignores what cannot be a user name (too long, not ascii), and reads a trailing hyphen as punctuation', () => {
    expect(mentionedUserNames(`<p>@${'a'.repeat(31)} @é @ann- ok</p>`)).toEqual(['ann']);
  });

  it('keeps the first MAX_MENTIONS handles', () => {
    const html = `<p>${Array.from({ length: MAX_MENTIONS + 5 }, (_, index) => `@user${index}`).join(' ')}</p>`;
    expect(mentionedUserNames(html)).toEqual(Array.from({ length: MAX_MENTIONS }, (_, index) => `user${index}`));
  });

  it('finds nothing in text without handles', () => {
    expect(mentionedUserNames('<p>Nothing @ all</p>')).toEqual([]);
  });
});

describe('mentionIdsFor', () => {
  it('drops the author and repeats', () => {
    expect(mentionIdsFor('a', ['b', 'a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(mentionIdsFor('a', undefined)).toEqual([]);
  });
});
