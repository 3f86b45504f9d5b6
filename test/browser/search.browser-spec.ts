import { HIDDEN, heading, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { dialog } from '../support/post-pages';
import {
  askQuestion,
  filterSelect,
  moreResults,
  publicSearchTitles,
  publishArticle,
  queryOf,
  resultRow,
  resultRows,
  resultTitles,
  searchScreen,
  searchText,
  type SeedTag,
} from '../support/search-pages';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
let author: SiteAccount;
let other: SiteAccount;
let admin: SiteAccount;
let tags: SeedTag[];

beforeAll(async () => {
  author = await signUpOnSite(site.server.url, 'Ada Lovelace');
  other = await signUpOnSite(site.server.url, 'Grace Hopper');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
  tags = (await callSite<SeedTag[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 2);
});

describe('Search screen', () => {
  it('searches from the navbar and lists each post with its link, author, time and tag links', async () => {
    const articleId = await publishArticle(site.server.url, author, { title: 'Zebrafish genetics with C#', tags });
    const questionId = await askQuestion(site.server.url, other, { title: 'Why are zebrafish transparent', tags: tags.slice(0, 1) });
    await publishArticle(site.server.url, author, { title: 'Unrelated walrus notes', tags });

    await site.page.goto('/about-site');
    await navbar(site.page).getByRole('searchbox', { name: 'Search articles and questions' }).fill('zebra');
    await navbar(site.page).getByRole('searchbox').press('Enter');
    await site.page.waitForURL((url) => url.pathname === '/search');
    expect(queryOf(site.page)).toEqual({ searchString: 'zebra', category: '-1', entityType: '100', orderBy: '0' });
    await heading(site.page, 'Search').waitFor(VISIBLE);
    expect(await searchText(site.page).inputValue()).toBe('zebra');

    // Prefix matching on the last word; newest first.
    await resultRow(site.page, 'Why are zebrafish transparent').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Why are zebrafish transparent', 'Zebrafish genetics with C#']);

    const article = resultRow(site.page, 'Zebrafish genetics with C#');
    const articleLink = article.getByRole('link', { name: 'Zebrafish genetics with C#' });
    expect(await articleLink.getAttribute('href')).toBe(`/article/${articleId}/zebrafish-genetics-with-csharp`);
    expect(await articleLink.getAttribute('title')).toBe('About Zebrafish genetics with C#');
    // Issue 25: the description is shown on the row, not only as a tooltip.
    await article.getByText('About Zebrafish genetics with C#', { exact: true }).waitFor(VISIBLE);
    expect(await article.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/profile/${author.userName}`);
    await article.getByText(/^Created on about (a moment|\d+ seconds?) ago$/).waitFor(VISIBLE);
    // No likes: no red '♥ 0 People' on every row.
    expect(await article.getByText(/People|Person/).count()).toBe(0);
    const tagLink = article.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tags[0].subTag });
    // A tag link leads to the tag's page, which filters by the tag itself, by id (issues 25, 26).
    expect(await tagLink.getAttribute('href')).toBe(`/tag/${encodeURIComponent(tags[0].subTag)}`);

    const question = resultRow(site.page, 'Why are zebrafish transparent');
    expect(await question.getByRole('link', { name: 'Why are zebrafish transparent' }).getAttribute('href')).toBe(
      `/question/${questionId}/why-are-zebrafish-transparent`,
    );
    expect(await question.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(`/profile/${other.userName}`);
    // A visitor deletes nothing and moderates nothing.
    expect(
      await resultRows(site.page)
        .getByRole('button', { name: /^(Delete|Approve|Unapprove) / })
        .count(),
    ).toBe(0);

    // A search from the screen's own box, with the Search button.
    await searchText(site.page).fill('walrus');
    await searchScreen(site.page).getByRole('button', { name: 'Search', exact: true }).click();
    await site.page.waitForURL((url) => url.searchParams.get('searchString') === 'walrus');
    await resultRow(site.page, 'Unrelated walrus notes').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Unrelated walrus notes']);

    // The walrus notes' second tag leads to its page: the posts with that tag, whatever their text.
    await resultRow(site.page, 'Unrelated walrus notes').getByRole('link', { name: tags[1].subTag }).click();
    await site.page.waitForURL((url) => url.pathname === `/tag/${encodeURIComponent(tags[1].subTag)}`);
    await heading(site.page, `#${tags[1].subTag}`).waitFor(VISIBLE);
    const tagPosts = site.page.getByRole('list', { name: 'Search results' });
    await tagPosts.getByRole('link', { name: 'Zebrafish genetics with C#', exact: true }).waitFor(VISIBLE);
    await tagPosts.getByRole('link', { name: 'Unrelated walrus notes', exact: true }).waitFor(VISIBLE);
    expect(await tagPosts.getByRole('link', { name: 'Why are zebrafish transparent', exact: true }).count()).toBe(0);

    // The search filtered by that tag's id: the Filter panel shows it.
    await site.page.goto(
      `/search?${new URLSearchParams({ searchString: '', category: '-1', entityType: '100', orderBy: '0', tag: String(tags[1].id) }).toString()}`,
    );
    await resultRow(site.page, 'Zebrafish genetics with C#').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Unrelated walrus notes', 'Zebrafish genetics with C#']);
    await searchScreen(site.page).getByRole('list', { name: 'Chosen tags' }).getByText(tags[1].subTag).waitFor(VISIBLE);
    // Removing it in the Filter panel lists everything again.
    await searchScreen(site.page)
      .getByRole('button', { name: `Remove tag ${tags[1].subTag}` })
      .click();
    await site.page.waitForURL((url) => !url.searchParams.has('tag'));
    await resultRow(site.page, 'Why are zebrafish transparent').waitFor(VISIBLE);
  });

  it('follows a Questions shortcut to the question search of that category, shown in the Filter panel', async () => {
    await askQuestion(site.server.url, author, { title: 'Tardigrade question about C#', tags, categoryId: 3 });
    await askQuestion(site.server.url, author, { title: 'Tardigrade question about algorithms', tags, categoryId: 110 });
    await publishArticle(site.server.url, author, { title: 'Tardigrade article about C#', tags, categoryId: 3 });

    await site.page.goto('/');
    await navbar(site.page).getByRole('button', { name: 'Questions' }).click();
    await navbar(site.page).getByRole('list', { name: 'Questions' }).getByRole('link', { name: 'C#', exact: true }).click();
    await site.page.waitForURL((url) => url.pathname === '/search');
    expect(queryOf(site.page)).toEqual({ searchString: '', category: '3', entityType: '2', orderBy: '0' });
    await resultRow(site.page, 'Tardigrade question about C#').waitFor(VISIBLE);
    const titles = await resultTitles(site.page);
    expect(titles).not.toContain('Tardigrade question about algorithms');
    expect(titles).not.toContain('Tardigrade article about C#');

    const category = filterSelect(site.page, 'Select a Category (i.e. .Net Core)');
    await category.locator('option', { hasText: 'Design Patterns' }).waitFor({ state: 'attached', timeout: 10_000 });
    expect(await category.locator('option:checked').textContent()).toBe('C#');
    expect(await filterSelect(site.page, 'Select Post type').locator('option:checked').textContent()).toBe('Question');
    expect(await filterSelect(site.page, 'Select Order by').locator('option:checked').textContent()).toBe('Date - Descending');
    expect(await filterSelect(site.page, 'Select Post type').locator('option:not([disabled])').allTextContents()).toEqual([
      'Type - All',
      'Article',
      'Question',
    ]);
    expect(await filterSelect(site.page, 'Select Order by').locator('option:not([disabled])').allTextContents()).toEqual([
      'Date - Descending',
      'Date - Ascending',
    ]);
    // 'Category - All', then every category by its name, as GET /api/Category lists them.
    const categories = await callSite<Array<{ subCategory: string }>>(site.server.url, 'GET', '/api/Category');
    expect(await category.locator('option:not([disabled])').allTextContents()).toEqual([
      'Category - All',
      ...categories.map((listed) => listed.subCategory),
    ]);
  });

  it('keeps the filters in the URL: each change navigates, merges and searches, and Back restores the previous search', async () => {
    await publishArticle(site.server.url, author, { title: 'Narwhal article one', tags });
    await askQuestion(site.server.url, author, { title: 'Narwhal question two', tags });
    await publishArticle(site.server.url, author, { title: 'Narwhal article three', tags });

    await site.page.goto('/search?searchString=narwhal&category=-1&entityType=100&orderBy=0&from=test');
    await resultRow(site.page, 'Narwhal article three').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Narwhal article three', 'Narwhal question two', 'Narwhal article one']);

    await filterSelect(site.page, 'Select Post type').selectOption({ label: 'Article' });
    await site.page.waitForURL((url) => url.searchParams.get('entityType') === '1');
    expect(queryOf(site.page)).toEqual({ searchString: 'narwhal', category: '-1', entityType: '1', orderBy: '0', from: 'test' });
    await resultRow(site.page, 'Narwhal question two').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await resultTitles(site.page)).toEqual(['Narwhal article three', 'Narwhal article one']);

    await filterSelect(site.page, 'Select Order by').selectOption({ label: 'Date - Ascending' });
    await site.page.waitForURL((url) => url.searchParams.get('orderBy') === '1');
    expect(queryOf(site.page)).toEqual({ searchString: 'narwhal', category: '-1', entityType: '1', orderBy: '1', from: 'test' });
    await resultRows(site.page).first().getByRole('link', { name: 'Narwhal article one', exact: true }).waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Narwhal article one', 'Narwhal article three']);

    await filterSelect(site.page, 'Select a Category (i.e. .Net Core)').selectOption({ label: 'Design Patterns' });
    await site.page.waitForURL((url) => url.searchParams.get('category') === '121');
    await searchScreen(site.page).getByText('No posts found.').waitFor(VISIBLE);

    await site.page.goBack();
    await site.page.waitForURL((url) => url.searchParams.get('category') === '-1');
    await resultRow(site.page, 'Narwhal article one').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Narwhal article one', 'Narwhal article three']);
    expect(await filterSelect(site.page, 'Select Order by').locator('option:checked').textContent()).toBe('Date - Ascending');
  });

  it("appends the next page with 'More results', each post once", async () => {
    for (let index = 1; index <= 14; index++) {
      await publishArticle(site.server.url, author, { title: `Axolotl article ${index}`, tags });
      await askQuestion(site.server.url, other, { title: `Axolotl question ${index}`, tags });
    }
    await site.page.goto('/search?searchString=axolotl&category=-1&entityType=100&orderBy=0');
    await resultRow(site.page, 'Axolotl question 14').waitFor(VISIBLE);
    expect(await resultRows(site.page).count()).toBe(20);

    await moreResults(site.page).click();
    await resultRow(site.page, 'Axolotl article 1').waitFor(VISIBLE);
    const titles = await resultTitles(site.page);
    expect(titles).toHaveLength(28);
    expect(new Set(titles).size).toBe(28);
    // Newest first across both pages.
    expect(titles.slice(0, 2)).toEqual(['Axolotl question 14', 'Axolotl article 14']);
    expect(titles.slice(-2)).toEqual(['Axolotl question 1', 'Axolotl article 1']);
    await moreResults(site.page).waitFor(HIDDEN);
  });

  it('lets an author delete their own post from the results after confirmation, and no one else’s', async () => {
    await publishArticle(site.server.url, author, { title: 'Wombat burrows explained', tags });
    await publishArticle(site.server.url, other, { title: 'Wombat diet explained', tags });

    await site.openWithStoredSession(author);
    await site.page.goto('/search?searchString=wombat&category=-1&entityType=100&orderBy=0');
    const own = resultRow(site.page, 'Wombat burrows explained');
    await own.waitFor(VISIBLE);
    expect(
      await resultRow(site.page, 'Wombat diet explained')
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).toBe(0);
    expect(
      await resultRows(site.page)
        .getByRole('button', { name: /^(Approve|Unapprove) / })
        .count(),
    ).toBe(0);

    await own.getByRole('button', { name: 'Delete Wombat burrows explained' }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to delete this item?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor(HIDDEN);
    await own.waitFor(VISIBLE);

    await own.getByRole('button', { name: 'Delete Wombat burrows explained' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await own.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await resultTitles(site.page)).toEqual(['Wombat diet explained']);
    expect(await publicSearchTitles(site.server.url, 'wombat')).toEqual(['Wombat diet explained']);
  });
});

describe('Admin Panel search', () => {
  it('unapproves a post from the search results after confirmation; the public search then no longer finds it', async () => {
    await publishArticle(site.server.url, author, { title: 'Pangolin scales', tags });
    await askQuestion(site.server.url, other, { title: 'Pangolin habitat', tags });

    await site.openWithStoredSession(admin);
    await site.page.goto('/admin');
    await heading(site.page, 'Admin Panel').waitFor(VISIBLE);
    await searchText(site.page, 'Admin Panel').fill('pangolin');
    await searchText(site.page, 'Admin Panel').press('Enter');
    const row = resultRow(site.page, 'Pangolin scales', 'Admin Panel');
    await row.waitFor(VISIBLE);
    expect(await resultRows(site.page, 'Admin Panel').count()).toBe(2);
    // No filter state in the URL.
    expect(site.page.url()).toBe(`${site.server.url}/admin`);
    await resultRow(site.page, 'Pangolin habitat', 'Admin Panel').getByRole('button', { name: 'Delete Pangolin habitat' }).waitFor(VISIBLE);

    await row.getByRole('button', { name: 'Unapprove Pangolin scales' }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to perform this operation?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row.getByRole('button', { name: 'Approve Pangolin scales' }).waitFor(VISIBLE);
    await row.getByText('Awaiting approval').waitFor(VISIBLE);
    expect(await publicSearchTitles(site.server.url, 'pangolin')).toEqual(['Pangolin habitat']);

    // The admin search still lists it; a filter change searches at once.
    await filterSelect(site.page, 'Select Post type', 'Admin Panel').selectOption({ label: 'Article' });
    await resultRow(site.page, 'Pangolin habitat', 'Admin Panel').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await resultTitles(site.page, 'Admin Panel')).toEqual(['Pangolin scales']);
    expect(site.page.url()).toBe(`${site.server.url}/admin`);

    const visitor = await site.openAnotherBrowser();
    await visitor.goto('/search?searchString=pangolin&category=-1&entityType=100&orderBy=0');
    await resultRow(visitor, 'Pangolin habitat').waitFor(VISIBLE);
    expect(await resultTitles(visitor)).toEqual(['Pangolin habitat']);
  });

  it('the Unanswered filter: the Filter panel keeps the question status and the sort in the URL, and marks solved questions', async () => {
    await askQuestion(site.server.url, author, { title: 'Capybara question one', tags });
    const answeredId = await askQuestion(site.server.url, author, { title: 'Capybara question two', tags });
    await askQuestion(site.server.url, author, { title: 'Capybara question three', tags });
    await publishArticle(site.server.url, author, { title: 'Capybara article', tags });
    const answer = await callSite<{ id: number }>(site.server.url, 'POST', '/api/QuestionComment', {
      token: other.token,
      body: { content: '<p>Capybaras smile.</p>', questionID: answeredId, parentId: -1, attachedFiles: [] },
    });
    await callSite(site.server.url, 'PUT', '/api/Question/AcceptAnswer', {
      token: author.token,
      body: { questionId: answeredId, commentId: answer.id },
    });

    await site.page.goto('/search?searchString=capybara&category=-1&entityType=100&orderBy=0');
    await resultRow(site.page, 'Capybara article').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual([
      'Capybara article',
      'Capybara question three',
      'Capybara question two',
      'Capybara question one',
    ]);
    await resultRow(site.page, 'Capybara question two').getByText('Solved', { exact: true }).waitFor(VISIBLE);

    await filterSelect(site.page, 'Select Question status').selectOption({ label: 'Unanswered' });
    await site.page.waitForURL((url) => url.searchParams.get('status') === 'unanswered');
    await resultRow(site.page, 'Capybara article').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await resultTitles(site.page)).toEqual(['Capybara question three', 'Capybara question one']);

    await filterSelect(site.page, 'Select Question status').selectOption({ label: 'Solved' });
    await site.page.waitForURL((url) => url.searchParams.get('status') === 'solved');
    await resultRow(site.page, 'Capybara question one').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await resultTitles(site.page)).toEqual(['Capybara question two']);

    // Top: the date order does not apply, and Back restores the unanswered list.
    await filterSelect(site.page, 'Select Sort').selectOption({ label: 'Top (most liked)' });
    await site.page.waitForURL((url) => url.searchParams.get('sort') === 'top');
    // The address changes before the panel re-renders: wait for the disabled control, do not sample it.
    await filterSelect(site.page, 'Select Order by').and(site.page.locator('select:disabled')).waitFor(VISIBLE);
    await site.page.goBack();
    await site.page.goBack();
    await site.page.waitForURL((url) => url.searchParams.get('status') === 'unanswered');
    await resultRow(site.page, 'Capybara question three').waitFor(VISIBLE);
    expect(await resultTitles(site.page)).toEqual(['Capybara question three', 'Capybara question one']);
    expect(await filterSelect(site.page, 'Select Question status').locator('option:checked').textContent()).toBe('Unanswered');
  });

  it("Home's Top and Unanswered tabs list what the search's sort and status find", async () => {
    // After the test above: 'Capybara question two' is answered, one and three are not.
    const liked = await publishArticle(site.server.url, author, { title: 'Capybara anatomy', tags });
    await callSite(site.server.url, 'PUT', '/api/Article/Like', { token: other.token, body: { id: liked, isLiked: true } });
    await site.page.goto('/');
    await site.page.getByRole('tab', { name: 'Unanswered' }).click();
    const unanswered = site.page.getByRole('region', { name: 'Unanswered Questions' });
    await unanswered.getByRole('link', { name: 'Capybara question three' }).waitFor(VISIBLE);
    await unanswered.getByRole('link', { name: 'Capybara question one' }).waitFor(VISIBLE);
    expect(await unanswered.getByRole('link', { name: 'Capybara question two' }).count()).toBe(0);
    expect(await unanswered.getByRole('link', { name: 'Capybara article' }).count()).toBe(0);

    await site.page.getByRole('tab', { name: 'Top' }).click();
    const top = site.page.getByRole('region', { name: 'Top Posts' });
    await top.getByRole('link', { name: 'Capybara anatomy' }).waitFor(VISIBLE);
  });

  it('Save on a search row (issue 26) puts the post on the reading list; the row says Saved after a reload', async () => {
    await publishArticle(site.server.url, author, { title: 'Okapi stripes', tags });
    const page = await site.openWithStoredSession(other);
    await page.goto('/search?searchString=okapi&category=-1&entityType=100&orderBy=0');
    const row = resultRow(page, 'Okapi stripes');
    await row.getByRole('button', { name: 'Save', exact: true, pressed: false }).click();
    await row.getByRole('button', { name: 'Saved', exact: true, pressed: true }).waitFor(VISIBLE);

    await page.reload();
    await resultRow(page, 'Okapi stripes').getByRole('button', { name: 'Saved', exact: true, pressed: true }).waitFor(VISIBLE);
    await page.goto('/readinglist');
    await heading(page, 'Reading list').waitFor(VISIBLE);
    await page.getByRole('tabpanel').getByRole('link', { name: 'Okapi stripes' }).first().waitFor(VISIBLE);

    // A visitor's rows have no Save.
    const visitor = await site.openAnotherBrowser();
    await visitor.goto('/search?searchString=okapi&category=-1&entityType=100&orderBy=0');
    await resultRow(visitor, 'Okapi stripes').waitFor(VISIBLE);
    expect(await resultRow(visitor, 'Okapi stripes').getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});
