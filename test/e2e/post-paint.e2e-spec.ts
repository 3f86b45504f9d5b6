import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** What the server painted into the SPA's root element (apps/api/src/site-front/page-paints.ts), '' when nothing. */
function paintedPart(html: string): string {
  return /<div id="root">(.*?)<!--\/painted--><\/div>/s.exec(html)?.[1] ?? '';
}

/**
 * Issue 25, the first paint of a post: an article or question page holds the post drawn by the
 * SPA's own components (its server entry, built by `npm run build:web`), for anyone to see before
 * the SPA's script has run; never a post the reader could not read through the API.
 */
describe('posts painted by the server', () => {
  let site: TestApp;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    owner = await signUp(site, 'Ada Author');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  /** The page of a post as a browser opens it: following the move to its address with the slug. */
  const pageOf = async (kind: 'article' | 'question', id: number) => {
    const first = await site.http().get(`/${kind}/${id}`);
    const response = first.status === 301 ? await site.http().get(first.headers.location) : first;
    return { status: response.status, html: response.text, headers: response.headers };
  };
  const publish = (overrides: Record<string, unknown>) =>
    createPost(site, 'Article', owner, articleBody({ isPublished: true, ...overrides }));

  it('finds the SPA built with its server entry', () => {
    expect(existsSync(join(loadConfig().webDistDir, '..', 'dist-server', 'server-paint.cjs'))).toBe(true);
  });

  it("paints a published article: the shell, its title, byline and body, escaped as the SPA's render escapes them", async () => {
    const id = await publish({
      title: 'Generics <T> & "variance" </script><script>alert(1)</script>',
      content:
        '<p>Type parameters in <strong>depth</strong>: a &lt;script&gt; is text.</p><pre><code class="language-csharp">List&lt;int&gt; xs;</code></pre>',
    });
    const { status, html, headers } = await pageOf('article', id);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-cache');
    const painted = paintedPart(html);
    expect(painted).toContain('<header class="navbar">');
    expect(painted).toContain(
      '<h1 class="page-heading">Generics &lt;T&gt; &amp; &quot;variance&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    expect(painted).toContain('Posted by');
    expect(painted).toContain('Ada Author');
    expect(painted).toContain(
      '<div class="post-content"><p>Type parameters in <strong>depth</strong>: a &lt;script&gt; is text.</p>' +
        // The code block highlighted and wrapped as the SPA's RichHtml leaves it, so the SPA adopts it as it is.
        '<div class="code-block"><div class="code-block-actions"></div><pre tabindex="0" aria-label="Code (C#)">' +
        '<code class="language-csharp hljs">List&lt;<span class="hljs-built_in">int</span>&gt; xs;</code></pre></div></div>',
    );
    expect(html).not.toContain('<script>alert(1)');
    // The data the SPA takes over with is still there, after the root element.
    expect(html).toContain(`data-url="/api/Article/${id}"`);
    // No-JavaScript readers and crawlers read the painted text, not a second copy of it.
    expect(html).not.toMatch(/<noscript>.*Type parameters/s);
  });

  it('paints the new text once the article is edited', async () => {
    const id = await publish({ content: '<p>The first version of the body.</p>' });
    expect(paintedPart((await pageOf('article', id)).html)).toContain('The first version of the body.');
    await site
      .http()
      .put('/api/Article')
      .set(bearer(owner))
      .send({ ...articleBody({ isPublished: true }), id, content: '<p>The second version of the body.</p>' })
      .expect(200);
    const painted = paintedPart((await pageOf('article', id)).html);
    expect(painted).toContain('The second version of the body.');
    expect(painted).not.toContain('The first version');
  });

  it('paints a question, and leaves its answers to the crawler text', async () => {
    const id = await createPost(site, 'Question', owner, questionBody({ content: '<p>How do I stop a running Task?</p>' }));
    await site
      .http()
      .post('/api/QuestionComment')
      .set(bearer(admin))
      .send({ questionID: id, parentId: -1, content: '<p>Pass a CancellationToken along.</p>', attachedFiles: [] })
      .expect(200);
    const { status, html } = await pageOf('question', id);
    expect(status).toBe(200);
    expect(paintedPart(html)).toContain('How do I stop a running Task?');
    expect(paintedPart(html)).not.toContain('CancellationToken');
    expect(html).toMatch(/<noscript>.*Pass a CancellationToken along\..*<\/noscript>/s);
  });

  it.each([
    ['a draft', async () => publish({ isPublished: false, content: '<p>Secret draft body.</p>' })],
    [
      'a post hidden by an admin',
      async () => {
        const id = await publish({ content: '<p>Secret hidden body.</p>' });
        await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
        return id;
      },
    ],
    [
      'a deleted post',
      async () => {
        const id = await publish({ content: '<p>Secret deleted body.</p>' });
        await site.http().delete(`/api/Article/${id}`).set(bearer(owner)).expect(200);
        return id;
      },
    ],
  ])('paints nothing of %s, which its page does not hold at all', async (_name, make) => {
    const id = await make();
    const { status, html } = await pageOf('article', id);
    expect(status).toBe(404);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Secret');
  });
});
