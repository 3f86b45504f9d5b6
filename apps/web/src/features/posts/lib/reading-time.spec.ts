import { countWords, readingMinutes, readingTimeText, WORDS_PER_MINUTE } from '@/features/posts/lib/reading-time';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('reading time of an article', () => {
  it('counts the words of the text, not the markup', () => {
    expect(countWords('<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code.</p>')).toBe(7);
    expect(countWords('<pre><code class="language-csharp">var numbers = new List&lt;int&gt;();</code></pre>')).toBe(4);
    expect(countWords('<p>a&nbsp;b</p><p> — </p><p></p>')).toBe(2);
    expect(countWords('')).toBe(0);
  });

  it('reads at least one minute, even when empty', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${words(10)}</p>`)).toBe(1);
  });

  it('rounds to whole minutes at the reading pace', () => {
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 4)}</p>`)).toBe(4);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 4 + WORDS_PER_MINUTE / 2 - 1)}</p>`)).toBe(4);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 4 + WORDS_PER_MINUTE / 2 + 1)}</p>`)).toBe(5);
  });

  it('adds time for images', () => {
    const text = `<p>${words(WORDS_PER_MINUTE * 2)}</p>`;
    const figures = '<figure><img src="/images/a.png"><figcaption>a</figcaption></figure>'.repeat(5);
    expect(readingMinutes(text + figures)).toBe(3);
  });

  it('says it as the header shows it', () => {
    expect(readingTimeText(`<p>${words(WORDS_PER_MINUTE * 7)}</p>`)).toBe('7 min read');
  });
});
