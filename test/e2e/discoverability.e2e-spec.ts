import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { articleStreamName, fileStreamName } from '@app/domain';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiSpec, existingStream, expectResponse } from '../support/api-spec';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Vite's build of the SPA's shell (apps/web/index.html, its title and description): the module script and a stylesheet move into the head. */
const BUILT_INDEX = readFileSync(join(__dirname, '../../apps/web/index.html'), 'utf8')
  .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
  .replace(
    '</head>',
    '  <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">\n  </head>',
  );

const SITE = 'http://localhost:3000';

const metaOf = (html: string, key: 'name' | 'property', name: string): string[] =>
  [...html.matchAll(new RegExp(`<meta ${key}="${name}" content="([^"]*)">`, 'g'))].map((match) => match[1]);
const meta = (html: string, key: 'name' | 'property', name: string): string | undefined => metaOf(html, key, name)[0];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
const noscriptOf = (html: string) => /<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? '';
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Issue 14: the server fills each SPA page's head from the read models, and serves robots.txt, the sitemap and the feeds. */
describe('discoverability', () => {
  let site: TestApp;
  let ada: TestUser;
  let grace: TestUser;
  let articleId: number;
  let questionId: number;
  let draftId: number;
  let deletedId: number;
  let unapprovedId: number;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'devcommunity-dist-'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX);
    site = await startTestApp({ env: { WEB_DIST_DIR: dist } });
    ada = await signUp(site, 'Ada Lovelace');
    grace = await signUp(site, 'Grace Hopper');
    const admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    articleId = await createPost(site, 'Article', ada, articleBody({ isPublished: true }));
    questionId = await createPost(site, 'Question', ada, questionBody());
    draftId = await createPost(site, 'Article', ada, articleBody({ title: 'A secret draft' }));
    deletedId = await createPost(site, 'Article', ada, articleBody({ title: 'A deleted article', isPublished: true }));
    await site.http().delete(`/api/Article/${deletedId}`).set(bearer(ada)).expect(200);
    unapprovedId = await createPost(site, 'Question', grace, questionBody({ title: 'An unapproved question' }));
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: unapprovedId, isApproved: false }).expect(200);

    const comment = (content: string, parentId: number) =>
      site
        .http()
        .post('/api/QuestionComment')
        .set(bearer(grace))
        .send({ content, questionID: questionId, parentId, attachedFiles: [] })
        .expect(200);
    const answer = await comment('<p>Use a <code>CancellationToken</code>.</p>', -1);
    await comment('<p>And check it often.</p>', answer.body.result.id as number);
  });
  afterAll(() => site.dispose());

  const page = (path: string) => site.http().get(path).redirects(0);
  const articlePath = () => `/article/${articleId}/understanding-generics-in-csharp`;

  describe('article page', () => {
    it('has the title, description, canonical URL and the link preview tags of the article', async () => {
      const response = await page(articlePath())
        .expect(200)
        .expect('Content-Type', /text\/html/);
      const html = response.text;
      expect(titleOf(html)).toBe('Understanding generics in C# - DevCommunity');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(metaOf(html, 'name', 'description')).toEqual(['Type parameters, constraints and variance']);
      expect(canonicalOf(html)).toBe(`${SITE}${articlePath()}`);
      expect(meta(html, 'name', 'robots')).toBeUndefined();
      expect(meta(html, 'property', 'og:type')).toBe('article');
      expect(meta(html, 'property', 'og:title')).toBe('Understanding generics in C#');
      expect(meta(html, 'property', 'og:description')).toBe('Type parameters, constraints and variance');
      expect(meta(html, 'property', 'og:url')).toBe(`${SITE}${articlePath()}`);
      expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${SITE}/card/article/${articleId}\\.png\\?v=[\\w-]{12}$`));
      expect([meta(html, 'property', 'og:image:width'), meta(html, 'property', 'og:image:height')]).toEqual(['1200', '630']);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'name', 'twitter:title')).toBe('Understanding generics in C#');
      expect(meta(html, 'name', 'author')).toBe('Ada Lovelace');
      expect(meta(html, 'property', 'article:author')).toBe(`${SITE}/profile/${ada.userName}`);
      expect(Date.parse(meta(html, 'property', 'article:published_time') ?? '')).not.toBeNaN();
      expect(Date.parse(meta(html, 'property', 'article:modified_time') ?? '')).not.toBeNaN();
      expect(meta(html, 'property', 'article:section')).toBe('C#');
      expect(metaOf(html, 'property', 'article:tag')).toEqual(['csharp', 'dotnet']);
      expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="DevCommunity (RSS)" href="${SITE}/feed">`);
      expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="DevCommunity (Atom)" href="${SITE}/atom">`);
      expect(html).toContain(`href="${SITE}/feed/${ada.userName}"`);
    });

    it('describes the article in JSON-LD', async () => {
      const [article] = jsonLdOf((await page(articlePath()).expect(200)).text);
      expect(article).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Understanding generics in C#',
        description: 'Type parameters, constraints and variance',
        url: `${SITE}${articlePath()}`,
        author: { '@type': 'Person', name: 'Ada Lovelace', url: `${SITE}/profile/${ada.userName}` },
        publisher: { '@type': 'Organization', name: 'DevCommunity' },
        articleSection: 'C#',
        keywords: 'csharp, dotnet',
      });
      expect(Date.parse(article.datePublished as string)).not.toBeNaN();
      expect(Date.parse(article.dateModified as string)).not.toBeNaN();
    });

    it('puts the text in a noscript for crawlers and keeps the SPA shell unchanged, with no inline executable script', async () => {
      const html = (await page(articlePath()).expect(200)).text;
      const text = noscriptOf(html);
      expect(text).toContain('<h1>Understanding generics in C#</h1>');
      expect(text).toContain('<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code.</p>');
      expect(text).toContain(`<a href="/profile/${ada.userName}">Ada Lovelace</a>`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
      expect(html).not.toContain('content="A free developer-learning community: technical articles and questions." />');
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
      // Besides the module scripts, only data blocks (JSON-LD, the first read), which never run.
      expect(scripts.every((attributes) => / src="/.test(attributes) || /^ type="application\/(ld\+)?json"/.test(attributes))).toBe(true);
    });

    it('moves a wrong or missing slug to the canonical address with 301, keeping the query', async () => {
      await page(`/article/${articleId}/old-title?ref=x`).expect(301).expect('Location', `${articlePath()}?ref=x`);
      await page(`/article/${articleId}`).expect(301).expect('Location', articlePath());
    });

    it('uses the chosen default image for the link preview', async () => {
      const fileId = 990_001;
      const uploadedFileName = '3b0c4f0e-4a0e-4f5e-9a43-1c9f6e2c7d11.png';
      await apiSpec(site)
        .given(
          existingStream(fileStreamName(fileId), [
            {
              type: 'FileUploaded',
              data: {
                id: fileId,
                uploaderId: ada.accountId,
                attachmentTypeId: 4,
                fileDisplayName: 'cover.png',
                uploadedFileName,
                instructions: '',
                referenceId: articleId,
                extension: 'png',
                contentType: 'image/png',
                size: 100,
                at: '2026-01-03T00:00:00.000Z',
              },
            },
          ]),
          existingStream(articleStreamName(articleId), [
            { type: 'ArticleDefaultImageChosen', data: { fileId, at: '2026-01-03T00:00:00.000Z' } },
          ]),
        )
        .when((http) => http.get(articlePath()))
        .then([expectResponse(200)])
        .then((response) => {
          expect(meta(response.text, 'property', 'og:image')).toBe(`${SITE}/images/${uploadedFileName}`);
          expect(meta(response.text, 'property', 'og:image:width')).toBeUndefined();
          expect(meta(response.text, 'name', 'twitter:image')).toBe(`${SITE}/images/${uploadedFileName}`);
          expect(jsonLdOf(response.text)[0].image).toEqual([`${SITE}/images/${uploadedFileName}`]);
          expect(meta(response.text, 'property', 'article:modified_time')).toBe('2026-01-03T00:00:00.000Z');
        });
    });

    it.each([
      ['a draft', () => `/article/${draftId}/a-secret-draft`, 'A secret draft'],
      ['a deleted article', () => `/article/${deletedId}/a-deleted-article`, 'A deleted article'],
      ['an unapproved question', () => `/question/${unapprovedId}/an-unapproved-question`, 'An unapproved question'],
      ['an unknown post', () => '/article/987654/nothing-here', 'nothing'],
      ['a post id that is no number', () => '/article/xyz', 'xyz'],
    ])('answers %s with 404 and noindex, telling nothing of it', async (_what, path, hidden) => {
      const html = (
        await page(path())
          .expect(404)
          .expect('Content-Type', /text\/html/)
      ).text;
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(titleOf(html)).toMatch(/^(Article|Question) not found - DevCommunity$/);
      expect(canonicalOf(html)).toBeUndefined();
      expect(html).not.toContain(hidden);
      expect(html).toContain('<div id="root"></div>');
    });

    it('answers 404 with noindex once an article is unpublished, and leaves it out of the feed and the sitemap', async () => {
      const id = await createPost(site, 'Article', ada, articleBody({ title: 'Soon withdrawn', isPublished: true }));
      await page(`/article/${id}/soon-withdrawn`).expect(200);
      await site
        .http()
        .put('/api/Article')
        .set(bearer(ada))
        .send(articleBody({ id, title: 'Soon withdrawn', isPublished: false }))
        .expect(200);
      const html = (await page(`/article/${id}/soon-withdrawn`).expect(404)).text;
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(html).not.toContain('Soon withdrawn');
      expect((await site.http().get('/feed').expect(200)).text).not.toContain('Soon withdrawn');
      expect((await site.http().get('/sitemap.xml').expect(200)).text).not.toContain(`/article/${id}/`);
    });

    it('escapes what authors write everywhere it goes into the page', async () => {
      const title = 'Tags </title><script>alert(1)</script> & "quotes"';
      const id = await createPost(
        site,
        'Article',
        ada,
        articleBody({ title, description: '<img src=x onerror=alert(2)>', isPublished: true }),
      );
      const located = await page(`/article/${id}`).expect(301);
      const html = (await page(located.headers.location).expect(200)).text;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toContain('<img src=x');
      expect(titleOf(html)).toBe('Tags &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; - DevCommunity');
      expect(meta(head(html), 'property', 'og:title')).toBe(
        'Tags &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;',
      );
      expect(jsonLdOf(html)[0].headline).toBe(title);
    });
  });

  describe('question page', () => {
    const questionPath = () => `/question/${questionId}/how-do-i-cancel-a-task`;

    it('is a QAPage whose answers are the top-level comments', async () => {
      const html = (await page(questionPath()).expect(200)).text;
      expect(titleOf(html)).toBe('How do I cancel a Task? - DevCommunity');
      expect(canonicalOf(html)).toBe(`${SITE}${questionPath()}`);
      expect(meta(html, 'name', 'description')).toBe('I start a Task and want to stop it. How?');
      const [qaPage] = jsonLdOf(html);
      expect(qaPage).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        mainEntity: {
          '@type': 'Question',
          name: 'How do I cancel a Task?',
          text: 'I start a Task and want to stop it. How?',
          answerCount: 1,
          upvoteCount: 0,
          author: { '@type': 'Person', name: 'Ada Lovelace' },
          suggestedAnswer: [
            {
              '@type': 'Answer',
              text: 'Use a CancellationToken .',
              upvoteCount: 0,
              author: { '@type': 'Person', name: 'Grace Hopper', url: `${SITE}/profile/${grace.userName}` },
            },
          ],
        },
      });
      expect((qaPage.mainEntity as { suggestedAnswer: { url: string }[] }).suggestedAnswer[0].url).toMatch(
        new RegExp(`^${SITE}${questionPath()}#comment-\\d+$`),
      );
      expect(noscriptOf(html)).toContain('<p>Use a <code>CancellationToken</code>.</p>');
      expect(noscriptOf(html)).not.toContain('And check it often.');
    });

    it('gives the accepted answer as acceptedAnswer, no longer a suggested one (issue 27)', async () => {
      const [answer] = (await site.http().get(`/api/Question/Comments/${questionId}/-1/20/true`).expect(200)).body.result as {
        id: number;
      }[];
      await site.http().put('/api/Question/AcceptAnswer').set(bearer(ada)).send({ questionId, commentId: answer.id }).expect(200);
      const { mainEntity } = jsonLdOf((await page(questionPath()).expect(200)).text)[0] as { mainEntity: Record<string, unknown> };
      expect(mainEntity).toMatchObject({
        answerCount: 1,
        acceptedAnswer: { '@type': 'Answer', text: 'Use a CancellationToken .', url: `${SITE}${questionPath()}#comment-${answer.id}` },
        suggestedAnswer: [],
      });
      await site.http().put('/api/Question/AcceptAnswer').set(bearer(ada)).send({ questionId, commentId: null }).expect(200);
    });

    it('moves a wrong slug to the canonical address', async () => {
      await page(`/question/${questionId}/x`).expect(301).expect('Location', questionPath());
    });
  });

  describe('profile page', () => {
    it('is a ProfilePage about the person, linking their posts and feed', async () => {
      const html = (await page(`/profile/${ada.userName}`).expect(200)).text;
      expect(titleOf(html)).toBe('Ada Lovelace - DevCommunity');
      expect(canonicalOf(html)).toBe(`${SITE}/profile/${ada.userName}`);
      expect(meta(html, 'property', 'og:type')).toBe('profile');
      expect(meta(html, 'property', 'profile:username')).toBe(ada.userName);
      expect(jsonLdOf(html)[0]).toMatchObject({
        '@type': 'ProfilePage',
        mainEntity: { '@type': 'Person', name: 'Ada Lovelace', alternateName: ada.userName, url: `${SITE}/profile/${ada.userName}` },
      });
      expect(html).toContain(`href="${SITE}/atom/${ada.userName}"`);
      expect(noscriptOf(html)).toContain(`<a href="${articlePath()}">Understanding generics in C#</a>`);
      expect(noscriptOf(html)).not.toContain('A secret draft');
    });

    it('answers an unknown user with 404 and noindex', async () => {
      const html = (await page('/profile/no-such-user').expect(404)).text;
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(titleOf(html)).toBe('User not found - DevCommunity');
    });
  });

  describe('other pages', () => {
    it('describes the home page as the web site, with its search', async () => {
      const html = (await page('/').expect(200)).text;
      expect(titleOf(html)).toBe('DevCommunity');
      expect(canonicalOf(html)).toBe(`${SITE}/`);
      expect(jsonLdOf(html)[0]).toMatchObject({ '@type': 'WebSite', name: 'DevCommunity', url: `${SITE}/` });
      expect(noscriptOf(html)).toContain(`<a href="${articlePath()}">Understanding generics in C#</a>`);
    });

    it('keeps forms out of search engines and names static pages', async () => {
      expect(meta((await page('/login').expect(200)).text, 'name', 'robots')).toBe('noindex');
      expect(meta((await page('/article/submit/12').expect(200)).text, 'name', 'robots')).toBe('noindex');
      const about = (await page('/about-site').expect(200)).text;
      expect(titleOf(about)).toBe('About this site - DevCommunity');
      expect(canonicalOf(about)).toBe(`${SITE}/about-site`);
    });

    it('shows Home for an unknown path (SPEC §2) without letting it be indexed', async () => {
      const html = (await page('/no/such/page').expect(200)).text;
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(canonicalOf(html)).toBeUndefined();
    });
  });

  it('keeps the staff instructions out of a post page’s first read', async () => {
    const html = (await page(articlePath()).expect(200)).text;
    expect(html).toContain('id="first-read"');
    expect(html).not.toContain(articleBody().instructions);
  });

  describe('first reads', () => {
    const firstReadOf = (html: string) => {
      const element = /<script type="application\/json" id="first-read" data-url="([^"]*)">(.*?)<\/script>/s.exec(html);
      return element ? { url: element[1], result: JSON.parse(element[2]) as unknown } : null;
    };
    const anonymousRead = async (url: string) => ((await site.http().get(url).expect(200)).body as { result: unknown }).result;

    it('writes the result an anonymous reader gets from the API into home and a post page', async () => {
      const home = firstReadOf((await page('/').expect(200)).text);
      expect(home).toEqual({ url: '/api/Home/', result: await anonymousRead('/api/Home/') });
      const article = firstReadOf((await page(articlePath()).expect(200)).text);
      expect(article).toEqual({ url: `/api/Article/${articleId}`, result: await anonymousRead(`/api/Article/${articleId}`) });
      const located = await page(`/question/${questionId}`).expect(301);
      expect(firstReadOf(located.text)).toBeNull();
      const question = firstReadOf((await page(located.headers.location).expect(200)).text);
      expect(question).toEqual({ url: `/api/Question/${questionId}`, result: await anonymousRead(`/api/Question/${questionId}`) });
    });

    it('writes none into a page whose post the public cannot read, nor into other pages', async () => {
      expect(firstReadOf((await page(`/article/${draftId}`).expect(404)).text)).toBeNull();
      expect(firstReadOf((await page(`/article/${deletedId}`).expect(404)).text)).toBeNull();
      expect(firstReadOf((await page('/about-site').expect(200)).text)).toBeNull();
      expect(firstReadOf((await page(`/profile/${ada.userName}`).expect(200)).text)).toBeNull();
    });

    it('keeps what authors write inert inside it', async () => {
      const title = 'Ends </script><script>alert(1)</script> & <!-- here';
      const id = await createPost(site, 'Article', ada, articleBody({ title, isPublished: true }));
      const located = await page(`/article/${id}`).expect(301);
      const html = (await page(located.headers.location).expect(200)).text;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toContain('<!-- here');
      expect((firstReadOf(html)?.result as { title: string }).title).toBe(title);
    });
  });

  describe('crawlers', () => {
    it('serves robots.txt: everything but the API and the forms, and the sitemap', async () => {
      const response = await site
        .http()
        .get('/robots.txt')
        .expect(200)
        .expect('Content-Type', /text\/plain/);
      const lines = response.text.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /login']),
      );
      expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    });

    it('lists every visible post and the profile of each author of one in the sitemap, with lastmod, and nothing hidden', async () => {
      const response = await site
        .http()
        .get('/sitemap.xml')
        .expect(200)
        .expect('Content-Type', /application\/xml/);
      const parsed = xml.parse(response.text);
      expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const urls = asList<{ loc: string; lastmod?: string }>(parsed.urlset.url);
      const locations = urls.map((url) => url.loc);
      expect(locations).toEqual(
        expect.arrayContaining([
          `${SITE}/`,
          `${SITE}/about-site`,
          `${SITE}${articlePath()}`,
          `${SITE}/question/${questionId}/how-do-i-cancel-a-task`,
          `${SITE}/profile/${ada.userName}`,
        ]),
      );
      // Grace's only post is unapproved, the admin has none: a profile without visible posts is not listed.
      expect(locations).not.toContain(`${SITE}/profile/${grace.userName}`);
      expect(locations).not.toContain(`${SITE}/profile/root-admin`);
      for (const hidden of [draftId, deletedId, unapprovedId])
        expect(locations.join(' ')).not.toMatch(new RegExp(`/(article|question)/${hidden}/`));
      expect(locations.some((location) => location.includes('/login') || location.includes('/admin'))).toBe(false);
      for (const url of urls.filter((entry) => /\/(article|question|profile)\//.test(entry.loc))) {
        expect(Date.parse(url.lastmod ?? '')).not.toBeNaN();
      }
      await site.http().get('/sitemap-1.xml').expect(200);
      await site.http().get('/sitemap-2.xml').expect(404);
    });

    const expectCard = (png: Buffer) => {
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    };

    it('serves the site card image for pages without one', async () => {
      const response = await site.http().get('/site-card.png').expect(200).expect('Content-Type', 'image/png');
      expectCard(response.body as Buffer);
    });

    it("serves a card of each visible post at the address its page's head names, and none of a hidden one", async () => {
      const head = (await page(`/question/${questionId}/how-do-i-cancel-a-task`).expect(200)).text;
      const card = new URL(meta(head, 'property', 'og:image')!);
      expect(card.pathname).toBe(`/card/question/${questionId}.png`);
      const response = await site
        .http()
        .get(card.pathname + card.search)
        .expect(200)
        .expect('Content-Type', 'image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expectCard(response.body as Buffer);
      expectCard((await site.http().get(`/card/article/${articleId}.png`).expect(200)).body as Buffer);
      for (const hidden of [draftId, deletedId, unapprovedId, 999_999]) await site.http().get(`/card/article/${hidden}.png`).expect(404);
      await site.http().get(`/card/question/${articleId}.png`).expect(404);
    });
  });

  describe('feeds', () => {
    const rssItems = (text: string) => asList<Record<string, unknown>>(xml.parse(text).rss.channel.item);

    it('serves the site as RSS 2.0 with the full sanitized content of visible posts only', async () => {
      const response = await site
        .http()
        .get('/feed')
        .expect(200)
        .expect('Content-Type', /application\/rss\+xml/);
      const parsed = xml.parse(response.text);
      expect(parsed.rss['@_version']).toBe('2.0');
      expect(parsed.rss.channel.title).toBe('DevCommunity');
      expect(parsed.rss.channel.link).toBe(`${SITE}/`);
      const items = rssItems(response.text);
      const titles = items.map((item) => item.title);
      expect(titles).toEqual(expect.arrayContaining(['Understanding generics in C#', 'How do I cancel a Task?']));
      expect(titles).not.toEqual(expect.arrayContaining(['A secret draft']));
      expect(titles.join(' ')).not.toMatch(/A secret draft|A deleted article|An unapproved question/);
      const article = items.find((item) => item.title === 'Understanding generics in C#')!;
      expect(article.link).toBe(`${SITE}${articlePath()}`);
      expect(article['content:encoded']).toContain('<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code.</p>');
      expect(Date.parse(article.pubDate as string)).not.toBeNaN();
      await site
        .http()
        .get('/feed.xml')
        .expect(200)
        .expect('Content-Type', /application\/rss\+xml/);
    });

    it('serves the site as Atom', async () => {
      const response = await site
        .http()
        .get('/atom')
        .expect(200)
        .expect('Content-Type', /application\/atom\+xml/);
      const feed = xml.parse(response.text).feed;
      expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.title).toBe('DevCommunity');
      expect(Date.parse(feed.updated as string)).not.toBeNaN();
      const entries = asList<Record<string, unknown>>(feed.entry);
      const article = entries.find((entry) => JSON.stringify(entry.title).includes('Understanding generics in C#'))!;
      expect(article.id).toBe(`${SITE}${articlePath()}`);
      expect(JSON.stringify(article.content)).toContain('type-safe');
      expect(JSON.stringify(entries)).not.toMatch(/A secret draft|A deleted article|An unapproved question/);
    });

    it("serves one user's posts", async () => {
      const adas = rssItems((await site.http().get(`/feed/${ada.userName}`).expect(200)).text).map((item) => item.title);
      expect(adas).toEqual(expect.arrayContaining(['Understanding generics in C#', 'How do I cancel a Task?']));
      const graces = rssItems((await site.http().get(`/feed/${grace.userName}`).expect(200)).text);
      expect(graces).toEqual([]);
      await site
        .http()
        .get(`/atom/${ada.userName}`)
        .expect(200)
        .expect('Content-Type', /application\/atom\+xml/);
    });

    it("serves one tag's posts", async () => {
      const dotnet = rssItems((await site.http().get('/feed/tag/dotnet').expect(200)).text).map((item) => item.title);
      expect(dotnet).toContain('Understanding generics in C#');
      expect(dotnet).not.toContain('How do I cancel a Task?');
      expect(dotnet).not.toEqual(expect.arrayContaining(['A secret draft']));
      expect(dotnet.join(' ')).not.toMatch(/A secret draft|A deleted article/);
      await site.http().get('/atom/tag/csharp').expect(200);
    });

    it('answers an unknown user or tag with a 404 envelope', async () => {
      const user = await site.http().get('/feed/no-such-user').expect(404);
      expect(user.body).toMatchObject({ success: false, errorMessage: 'Not found.' });
      await site.http().get('/feed/tag/no-such-tag').expect(404);
    });

    it('keeps a title that holds "]]>" twice inside its item: no forged item in any feed, RSS or Atom (issue 23)', async () => {
      const forged = 'Security notice: re-login required';
      const title = `Hi]]>]]></title></item><item><title>${forged}</title><link>https://evil.example/</link></item><item><title><![CDATA[<b>x</b> & y`;
      const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
      // Both formats carry the title as html (Atom says type="html"; RSS readers decode it): a reader decodes it to the title.
      const decoded = (html: unknown) => String(html).replace(/&(lt|gt|amp|quot|#39);/g, (entity) => entities[entity]);
      const titlesIn = async (path: string) => {
        const text = (await site.http().get(path).expect(200)).text;
        expect(XMLValidator.validate(text)).toBe(true);
        expect(text).not.toContain('<link>https://evil.example/');
        const parsed = xml.parse(text);
        const items = path.startsWith('/feed') ? asList(parsed.rss.channel.item) : asList(parsed.feed.entry);
        // An Atom title has its type attribute: the parser gives { '#text', '@_type' }.
        const textOf = (title: unknown) => (typeof title === 'object' && title !== null ? (title as { '#text': unknown })['#text'] : title);
        return items.map((item) => decoded(textOf((item as { title: unknown }).title)));
      };
      const paths = ['/feed', '/atom', `/feed/${ada.userName}`, `/atom/${ada.userName}`, '/feed/tag/dotnet', '/atom/tag/dotnet'];
      const before = await Promise.all(paths.map(titlesIn));
      await createPost(site, 'Article', ada, articleBody({ title, isPublished: true }));
      const after = await Promise.all(paths.map(titlesIn));
      paths.forEach((path, index) => expect([path, after[index]]).toEqual([path, [title, ...before[index]]]));
    });

    it('drops images from other sites from the feeds (tracking pixels in feed readers) and keeps our own, absolute', async () => {
      const content = '<p>Look</p><img src="https://tracker.example/pixel.gif?u=1"><img src="/images/own-7.png" alt="own">';
      await createPost(site, 'Article', ada, articleBody({ title: 'Pictures in feeds', content, isPublished: true }));
      for (const path of ['/feed', '/atom', `/feed/${ada.userName}`, '/atom/tag/dotnet']) {
        const text = (await site.http().get(path).expect(200)).text;
        expect(text).toContain('Pictures in feeds');
        expect(text).not.toContain('tracker.example');
        expect(text).toContain(`src="${SITE}/images/own-7.png"`);
      }
    });

    it('refuses a malformed user name or tag with a 4xx and no stack trace', async () => {
      for (const path of ['/feed/%E0%A4%A', '/atom/tag/%E0%A4%A', '/profile/%E0%A4%A']) {
        const response = await site.http().get(path);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.text).not.toMatch(/at .*\.[jt]s:\d+/);
      }
    });
  });
});
