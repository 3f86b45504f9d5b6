import { linkMentions } from './link-mentions';

describe('linkMentions', () => {
  it('links each @userName of the prose to the profile, lowercased', () => {
    expect(linkMentions('<p>Thanks @Ann and <strong>@bob-smith</strong>!</p>')).toBe(
      '<p>Thanks <a href="/profile/ann" class="mention">@Ann</a> and <strong><a href="/profile/bob-smith" class="mention">@bob-smith</a></strong>!</p>',
    );
  });

  it('leaves code, code blocks, links, e-mail addresses and over-long handles alone', () => {
    const html =
      '<p><code>@Injectable</code> <a href="https://x.example">@ann</a> ann@example.com @' +
      'a'.repeat(31) +
      '</p><pre><code>@Component</code></pre>';
    expect(linkMentions(html)).toBe(html);
  });

  it('links again after a code span ends', () => {
    expect(linkMentions('<p><code>@x</code> @dora</p>')).toBe('<p><code>@x</code> <a href="/profile/dora" class="mention">@dora</a></p>');
  });
});
