import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, HIDDEN, useBrowserSite, VISIBLE } from '../support/browser-site';
import { addArticleComment, comment, commentsSection } from '../support/comment-pages';
import { dialog } from '../support/post-pages';
import { publishArticle } from '../support/search-pages';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(120_000);

const site = useBrowserSite();
let author: SiteAccount;
let admin: SiteAccount;
let readers: SiteAccount[];

beforeAll(async () => {
  author = await signUpOnSite(site.server.url, 'Ada Author');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
  readers = [];
  for (const name of ['Bob Reader', 'Cy Reader', 'Dee Reader']) readers.push(await signUpOnSite(site.server.url, name));
});

/** Issue 27: readers flag a comment from its menu; an admin resolves it from the Admin Panel's review queue. */
describe('flags and the review queue', () => {
  it('three readers flag a comment, the admin hides it from the review queue, and the flaggers hear so', async () => {
    const tags = (await callSite<{ id: number; subTag: string }[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
    const title = 'Engines of thought';
    const id = await publishArticle(site.server.url, author, { title, tags });
    await addArticleComment(site.server.url, author, id, 'Buy cheap watches here');

    const reasons = ['Spam', 'Spam', 'Abusive or rude'];
    for (const [index, reader] of readers.entries()) {
      await site.openWithStoredSession(reader);
      await site.page.goto(`/article/${id}`);
      await heading(site.page, title).waitFor(VISIBLE);
      const spam = comment(site.page, 'Buy cheap watches here');
      await spam.getByRole('button', { name: 'Flag comment' }).click();
      const flagDialog = dialog(site.page, 'Flag this comment');
      await flagDialog.getByRole('radio', { name: reasons[index] }).check();
      await flagDialog.getByRole('textbox', { name: 'Note for the admins (optional)' }).fill(`${reader.name} saw an ad`);
      if (index === 0) await expectNoSeriousA11yViolations(site.page, 'flag dialog');
      await flagDialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await flagDialog.waitFor(HIDDEN);
      await spam.getByRole('button', { name: 'Flagged comment' }).waitFor(VISIBLE);
    }
    // The author has no Flag on their own comment.
    await site.openWithStoredSession(author);
    await site.page.goto(`/article/${id}`);
    await comment(site.page, 'Buy cheap watches here').waitFor(VISIBLE);
    expect(await comment(site.page, 'Buy cheap watches here').getByRole('button', { name: 'Flag comment' }).count()).toBe(0);

    await site.openWithStoredSession(admin);
    await site.page.goto('/admin');
    await site.page.getByRole('tab', { name: 'Review queue' }).click();
    const queue = site.page.getByRole('region', { name: 'Review queue' });
    const item = queue.getByRole('listitem', { name: `Comment on ${title}` });
    await item.waitFor(VISIBLE);
    await item.getByText('3 flags: spam 2, abuse 1').waitFor(VISIBLE);
    await item.getByText('Buy cheap watches here').waitFor(VISIBLE);
    await item.getByText(': Dee Reader saw an ad').waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(site.page, 'review queue');
    await item.getByRole('textbox', { name: 'Note (optional)' }).fill('Advertising');
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await queue.getByText('Nothing is waiting for review.').waitFor(VISIBLE);
    await queue.getByRole('tab', { name: 'Resolved' }).click();
    await queue
      .getByRole('listitem', { name: `Comment on ${title}` })
      .getByText(/^Hidden by Root Admin .*: Advertising$/)
      .waitFor(VISIBLE);

    // Hidden for every reader, and each flagger hears what the admin did.
    await site.openWithStoredSession(readers[0]);
    await site.page.goto(`/article/${id}`);
    await heading(site.page, title).waitFor(VISIBLE);
    await commentsSection(site.page).waitFor(VISIBLE);
    await comment(site.page, 'Buy cheap watches here').waitFor(HIDDEN);
    await site.page.goto('/notifications');
    await site.page.getByText(`Root Admin reviewed what you flagged (${title}) and hid it`).waitFor(VISIBLE);
  });
});
