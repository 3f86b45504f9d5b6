import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { comment, commentsSection, commentTexts, type SeededComment } from '../support/comment-pages';
import { eventually } from '../support/eventually';
import { askQuestion } from '../support/search-pages';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
let asker: SiteAccount;
let answerer: SiteAccount;

beforeAll(async () => {
  asker = await signUpOnSite(site.server.url, 'Asa Asker');
  answerer = await signUpOnSite(site.server.url, 'Ann Answerer');
});

const answer = (questionID: number, text: string) =>
  callSite<SeededComment>(site.server.url, 'POST', '/api/QuestionComment', {
    token: answerer.token,
    body: { uName: answerer.userName, content: `<p>${text}</p>`, attachedFiles: [], questionID, parentId: -1 },
  });

/** Issue 27: the question's author accepts an answer; it is marked and shows first, for every reader. */
describe('accepted answers', () => {
  it("the asker accepts the second answer: it gets the mark 'Accepted answer' and moves first, also for another reader", async () => {
    const tags = (await callSite<{ id: number; subTag: string }[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
    const id = await askQuestion(site.server.url, asker, { title: 'How do I cancel a task', tags });
    await answer(id, 'Restart the machine.');
    await answer(id, 'Use a CancellationToken.');

    await site.openWithStoredSession(asker);
    await site.page.goto(`/question/${id}`);
    await heading(site.page, 'How do I cancel a task').waitFor(VISIBLE);
    await commentsSection(site.page).waitFor(VISIBLE);
    const good = comment(site.page, 'Use a CancellationToken.');
    await good.getByRole('button', { name: 'Accept', exact: true }).click();
    await good.getByText('Accepted answer').waitFor(VISIBLE);
    await eventually(
      async () => (await commentTexts(site.page))[0] === 'Use a CancellationToken.',
      'the accepted answer to move first',
      10_000,
    );

    // Another reader: the mark and the order, and no Accept button.
    await site.openWithStoredSession(answerer);
    await site.page.goto(`/question/${id}`);
    await comment(site.page, 'Use a CancellationToken.').getByText('Accepted answer').waitFor(VISIBLE);
    expect(await commentTexts(site.page)).toEqual(['Use a CancellationToken.', 'Restart the machine.']);
    expect(await comment(site.page, 'Restart the machine.').getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
  });
});
