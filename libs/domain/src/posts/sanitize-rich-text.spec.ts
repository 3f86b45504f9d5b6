import { sanitizeRequiredRichText, sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  describe('drops what could run script or leak data', () => {
    it.each([
      ['a script tag', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
      ['a script split by case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>a</p>', '<p>a</p>'],
      ['an onerror handler', '<img src="/images/a.png" onerror="alert(1)">', '<img src="/images/a.png" />'],
      ['an onclick handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
      ['a javascript: href', '<a href="javascript:alert(1)">a</a>', 'a'],
      ['an obfuscated javascript: href', '<a href="jav&#x09;ascript:alert(1)">a</a>', 'a'],
      ['an upper-case javascript: href', '<a href="JaVaScRiPt:alert(1)">a</a>', 'a'],
      ['a data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>', 'a'],
      ['a data: image', '<p>a<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></p>', '<p>a</p>'],
      ['a javascript: image', '<p>a<img src="javascript:alert(1)"></p>', '<p>a</p>'],
      ['a protocol-relative image', '<p>a<img src="//evil.example/p.png"></p>', '<p>a</p>'],
      ['a relative image outside /images/', '<p>a<img src="../api/Account/Logout"></p>', '<p>a</p>'],
      ['a path escaping /images/', '<p>a<img src="/images/../api/x"></p>', '<p>a</p>'],
      ['an encoded path escaping /images/', '<p>a<img src="/images/%2e%2e/api/Account/Logout"></p>', '<p>a</p>'],
      ['an encoded slash under /images/', '<p>a<img src="/images/x%2f..%2fy.png"></p>', '<p>a</p>'],
      ['a sub-folder of /images/', '<p>a<img src="/images/a/b.png"></p>', '<p>a</p>'],
      ['a query on an image', '<p>a<img src="/images/a.png?logout=1"></p>', '<p>a</p>'],
      ['an image that is not a stored image type', '<p>a<img src="/images/a.svg"></p>', '<p>a</p>'],
      ['an image name starting with a dot', '<p>a<img src="/images/.png"></p>', '<p>a</p>'],
      ['an svg with onload', '<svg onload="alert(1)"><circle r="1"></circle></svg><p>a</p>', '<p>a</p>'],
      ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
      ['a style tag', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
      ['a style expression', '<p style="width: expression(alert(1))">a</p>', '<p>a</p>'],
      ['a style url', '<p style="background: url(javascript:alert(1)); text-align: center">a</p>', '<p style="text-align:center">a</p>'],
      ['an unknown alignment', '<p style="text-align: expression(alert(1))">a</p>', '<p>a</p>'],
      [
        'alignment on a tag that may not carry style',
        '<blockquote style="text-align: center">a</blockquote>',
        '<blockquote>a</blockquote>',
      ],
      ['a form', '<form action="https://evil.example"><input name="p"><button>Go</button></form>', 'Go'],
      ['an object', '<object data="https://evil.example/x.swf"></object><p>a</p>', '<p>a</p>'],
      ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>a</p>', '<p>a</p>'],
      [
        'a class other than a code language',
        '<p class="admin-only">a</p><pre class="x language-js"><code class="language-js evil">b</code></pre>',
        '<p>a</p><pre class="language-js"><code class="language-js">b</code></pre>',
      ],
      ['an id and data attributes', '<p id="login" data-x="1">a</p>', '<p>a</p>'],
    ])('%s', (_case, dirty, clean) => {
      expect(sanitizeRichText(dirty)).toBe(clean);
    });

    it('opens new-tab links without handing over the opener', () => {
      expect(sanitizeRichText('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    });
  });

  describe('keeps what the editor produces', () => {
    const document = [
      '<h1>Title</h1>',
      '<h2 style="text-align:center">Centered</h2>',
      '<p style="text-align:justify">Some <strong>bold</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u>, <s>s</s> and <code>code</code>.<br />Next line.</p>',
      '<p style="text-align:right">Right</p>',
      '<blockquote><p>Quoted</p></blockquote>',
      '<ul><li><p>one</p></li><li><p>two</p></li></ul>',
      '<ol start="3"><li><p>three</p></li></ol>',
      '<hr />',
      '<pre><code class="language-typescript">const x: number = 1 &lt; 2 ? 1 : 2;</code></pre>',
      '<p><a href="https://example.com/a?b=c" target="_blank" rel="noopener noreferrer nofollow">link</a> <a href="mailto:ada@example.com">mail</a> <a href="/article/1/x">relative</a></p>',
      '<figure><img src="/images/3f2a.png" alt="Diagram" title="Diagram" width="640" height="480" /><figcaption>The diagram</figcaption></figure>',
      '<p><img src="https://cdn.example.com/a.png" alt="remote" /></p>',
      '<table><colgroup><col /><col /></colgroup><tbody>',
      '<tr><th colspan="1" rowspan="1" colwidth="120" style="text-align:left"><p>Head</p></th><th colspan="1" rowspan="1"><p>Head 2</p></th></tr>',
      '<tr><td colspan="2" rowspan="1" style="text-align:center"><p>Cell</p></td></tr>',
      '</tbody></table>',
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>',
      '<h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>',
    ].join('');

    it('keeps a full TipTap document unchanged', () => {
      expect(sanitizeRichText(document)).toBe(document);
    });

    it('normalizes what the browser serializes differently without losing it', () => {
      expect(sanitizeRichText('<p style="text-align: center;">a</p><img src="/images/a.png">')).toBe(
        '<p style="text-align:center">a</p><img src="/images/a.png" />',
      );
    });

    it("keeps the toolbar's headings, quotes, links and indentation (issue 25)", () => {
      const html =
        '<h2 style="margin-left:2em">Part</h2><h3>Sub</h3><blockquote><p>Quoted</p></blockquote>' +
        '<p style="text-align:center;margin-left:12em">Deep</p><p><a href="https://learn.microsoft.com/aspnet/core">ASP.NET Core</a></p>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('drops an indentation the editor does not make', () => {
      expect(
        sanitizeRichText('<p style="margin-left:-999px">a</p><p style="margin-left:14em">b</p><pre style="margin-left:2em">c</pre>'),
      ).toBe('<p>a</p><p>b</p><pre>c</pre>');
    });

    it('is idempotent', () => {
      const once = sanitizeRichText('<p style="text-align: center;" onclick="x">a<img src="/images/a.png"></p><table><col></table>');
      expect(sanitizeRichText(once)).toBe(once);
    });
  });
});

describe('sanitizeRequiredRichText', () => {
  it.each([
    ['text', '<p>Hello</p>', true],
    ['an image alone', '<figure><img src="/images/a.png" /></figure>', true],
    ['a remote image alone', '<p><img src="https://example.com/a.png"></p>', true],
    ['an empty string', '', false],
    ['empty paragraphs', '<p></p><p><br></p>', false],
    ['only non-breaking spaces', '<p>&nbsp; &#160;</p>', false],
    ['only whitespace', '<p>  \n\t </p>', false],
    ['only a script', '<script>alert("hi")</script>', false],
    ['only an image that is dropped', '<img src="javascript:alert(1)">', false],
    ['an empty table', '<table><tbody><tr><td><p></p></td></tr></tbody></table>', false],
    ['a code block', '<pre><code>x</code></pre>', true],
    ['an escaped angle bracket', '<p>&lt;</p>', true],
    ['text in a dropped tag', '<span> </span><div>hi</div>', true],
  ])('%s: %s', (_case, html, expected) => {
    expect(sanitizeRequiredRichText(html) !== null).toBe(expected);
  });
});

it('sanitizeRequiredRichText answers what sanitizeRichText answers', () => {
  const html = '<p onclick="x()">Hi <script>alert(1)</script><img src="/images/a.png"></p>';
  expect(sanitizeRequiredRichText(html)).toBe(sanitizeRichText(html));
});

it('parses html it cleaned a moment ago only once (a command reads its mentions, then its decider cleans the same text)', () => {
  jest.isolateModules(() => {
    const parse = jest.fn(jest.requireActual<(html: string, options: object) => string>('sanitize-html'));
    jest.doMock('sanitize-html', () => parse);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fresh = require('./sanitize-rich-text') as typeof import('./sanitize-rich-text');
    const html = '<p>Hi @ann</p><script>alert(1)</script>';
    expect(fresh.sanitizeRichText(html)).toBe('<p>Hi @ann</p>');
    expect(fresh.sanitizeRichText(html)).toBe('<p>Hi @ann</p>');
    expect(fresh.sanitizeRichText('<p>Another</p>')).toBe('<p>Another</p>');
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
