import { linkHrefOf, shouldAutoLink } from '@/components/editor/links';

describe('shouldAutoLink', () => {
  it.each(['ASP.NET', 'Node.js', 'Vue.js', 'example.com', 'user@example.com', 'index.html'])('leaves %s as text', (text) => {
    expect(shouldAutoLink(text)).toBe(false);
  });

  it.each(['https://nodejs.org', 'http://vuejs.org/guide', 'www.asp.net', 'WWW.example.com', 'mailto:ada@example.com'])(
    'links %s',
    (text) => {
      expect(shouldAutoLink(text)).toBe(true);
    },
  );
});

describe('linkHrefOf', () => {
  it.each([
    ['https://nodejs.org/en', 'https://nodejs.org/en'],
    ['  http://vuejs.org ', 'http://vuejs.org'],
    ['www.asp.net', 'https://www.asp.net'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
  ])('takes %s', (input, href) => {
    expect(linkHrefOf(input)).toBe(href);
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', 'Node.js', 'https://', 'https://a b', 'mailto:nobody', 'ftp://x.org'])(
    'refuses %s',
    (input) => {
      expect(linkHrefOf(input)).toBeNull();
    },
  );
});
