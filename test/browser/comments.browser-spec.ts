import { loginForm, signupForm } from '../support/account-pages';
import { heading, HIDDEN, holdRequests, useBrowserSite, VISIBLE } from '../support/browser-site';
import {
  addArticleComment,
  comment,
  commentEditor,
  commentsSection,
  commentTexts,
  likesModal,
  likeThroughApi,
  writeComment,
} from '../support/comment-pages';
import { eventually } from '../support/eventually';
import { dialog, uploadImageThroughModal } from '../support/post-pages';
import { publishArticle, resultRow } from '../support/search-pages';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

interface Tag {
  id: number;
  subTag: string;
}

// The comment limit (9 in 30 s) is on, with room for the many readers this spec signs up.
const site = useBrowserSite({ env: { RATE_LIMITS: 'signup=1000/1h,login-address=1000/15m' } });
let author: SiteAccount;
let admin: SiteAccount;
let tags: Tag[];

beforeAll(async () => {
  author = await signUpOnSite(site.server.url, 'Ada Lovelace');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
  tags = (await callSite<Tag[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
});

/** A published article by Ada, with a unique title; answers its id and view address. */
async function givenArticle(title: string) {
  const id = await publishArticle(site.server.url, author, { title, tags });
  return { id, url: `/article/${id}` };
}

/** A reader of their own (the comment rate limit is per user). */
const givenReader = (name: string) => signUpOnSite(site.server.url, name);

async function openAs(account: SiteAccount | null, url: string, title: string) {
  if (account) await site.openWithStoredSession(account);
  await site.page.goto(url);
  await heading(site.page, title).waitFor(VISIBLE);
  await commentsSection(site.page).waitFor(VISIBLE);
}

describe('comments', () => {
  it('shows a visitor the comments with author links, and the embedded login and signup forms instead of a comment form', async () => {
    const reader = await givenReader('Grace Hopper');
    const { id, url } = await givenArticle('Visitors read comments');
    await addArticleComment(site.server.url, reader, id, 'Nicely explained.');

    await openAs(null, url, 'Visitors read comments');
    const first = comment(site.page, 'Nicely explained.');
    await first.waitFor(VISIBLE);
    expect(await first.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(`/profile/${reader.userName}`);
    await first.getByText('0 People').waitFor(VISIBLE);
    expect(await first.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    expect(await first.getByRole('button', { name: 'Like this comment' }).count()).toBe(0);
    await loginForm(site.page).waitFor(VISIBLE);
    await signupForm(site.page).waitFor(VISIBLE);
    expect(await commentEditor(site.page).count()).toBe(0);
  });

  it('adds a comment at once as about a moment ago with 0 likes, clears the editor, and keeps it after a reload', async () => {
    const reader = await givenReader('Rita Reader');
    const { url } = await givenArticle('Commenting works');
    await openAs(reader, url, 'Commenting works');
    await site.page.getByText('No comments yet.').waitFor(VISIBLE);

    await site.page.getByRole('form', { name: 'Comment' }).getByRole('button', { name: 'Comment', exact: true }).click();
    await site.page.getByText('- Content is required').waitFor(VISIBLE);

    await writeComment(site.page, 'My first comment here.');
    const added = comment(site.page, 'My first comment here.');
    await added.waitFor(VISIBLE);
    await added.getByText('about a moment ago').waitFor(VISIBLE);
    await added.getByText('0 People').waitFor(VISIBLE);
    expect(await added.getByRole('link', { name: 'Rita Reader' }).getAttribute('href')).toBe(`/profile/${reader.userName}`);
    expect((await commentEditor(site.page).textContent())?.trim()).toBe('');
    expect(await site.page.getByText('- Content is required').count()).toBe(0);

    await site.page.reload();
    await comment(site.page, 'My first comment here.').waitFor(VISIBLE);
    expect(await commentTexts(site.page)).toEqual(['My first comment here.']);
  });

  it('shows a failed comment in the Error modal with the server message (the rate limit)', async () => {
    const reader = await givenReader('Fast Typist');
    const { id, url } = await givenArticle('Too many comments');
    for (let n = 1; n <= 9; n++) await addArticleComment(site.server.url, reader, id, `Comment number ${n}`);
    await openAs(reader, url, 'Too many comments');
    await writeComment(site.page, 'One too many');
    const error = dialog(site.page, 'Error');
    await error.waitFor(VISIBLE);
    await error.getByText('You are commenting too fast').waitFor(VISIBLE);
    await error.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await error.waitFor(HIDDEN);
    expect(await comment(site.page, 'One too many').count()).toBe(0);
  });

  it('uploads an image into a comment; clearing the editor deletes it, a posted comment keeps it', async () => {
    const reader = await givenReader('Ivy Imager');
    const { url } = await givenArticle('Comments with images');
    await openAs(reader, url, 'Comments with images');
    const imageStatus = async (name: string) => (await fetch(`${site.server.url}/images/${name}`)).status;
    const uploadedName = async (caption: string, text = '') => {
      const response = site.page.waitForResponse((answer) => answer.url().endsWith('/api/File') && answer.request().method() === 'POST');
      await commentEditor(site.page).click();
      await site.page.keyboard.type(text);
      await uploadImageThroughModal(site.page, caption, `${caption} described`);
      const body = (await (await response).json()) as { result: { uploadedFileName: string } };
      await commentEditor(site.page)
        .getByRole('img', { name: `${caption} described` })
        .waitFor(VISIBLE);
      return body.result.uploadedFileName;
    };

    const discarded = await uploadedName('Discarded');
    expect(await imageStatus(discarded)).toBe(200);
    await site.page.getByRole('form', { name: 'Comment' }).getByRole('button', { name: 'Clear' }).click();
    await eventually(async () => (await imageStatus(discarded)) === 404, 'the cleared image to be deleted', 10_000);

    const kept = await uploadedName('Kept', 'See the screenshot.');
    await site.page.getByRole('form', { name: 'Comment' }).getByRole('button', { name: 'Comment', exact: true }).click();
    const posted = comment(site.page, 'See the screenshot.');
    await posted.getByRole('img', { name: 'Kept described' }).waitFor(VISIBLE);
    expect(await imageStatus(kept)).toBe(200);
  });

  it('replies under the parent comment, indented in its replies list', async () => {
    const reader = await givenReader('Rhea Replier');
    const { id, url } = await givenArticle('Replies nest');
    await addArticleComment(site.server.url, author, id, 'Ask me anything.');
    await addArticleComment(site.server.url, author, id, 'A later top-level comment.');
    await openAs(reader, url, 'Replies nest');

    await comment(site.page, 'Ask me anything.').getByRole('button', { name: 'Reply' }).click();
    await writeComment(site.page, 'Here is my question.', { label: 'Reply to Ada Lovelace', submit: 'Reply' });
    const replies = site.page.getByRole('list', { name: 'Replies to Ada Lovelace' });
    await replies.getByText('Here is my question.').waitFor(VISIBLE);
    await commentEditor(site.page, 'Reply to Ada Lovelace').waitFor(HIDDEN);
    // Threaded: the reply sits between its parent and the later top-level comment.
    expect(await commentTexts(site.page)).toEqual(['Ask me anything.', 'Here is my question.', 'A later top-level comment.']);

    await site.page.reload();
    await site.page.getByRole('list', { name: 'Replies to Ada Lovelace' }).getByText('Here is my question.').waitFor(VISIBLE);
  });

  it("lets the author edit and delete (after the confirmation) their comment, and nobody else's", async () => {
    const reader = await givenReader('Edith Editor');
    const { id, url } = await givenArticle('Edit and delete');
    await addArticleComment(site.server.url, author, id, 'Not yours to change.');
    await addArticleComment(site.server.url, reader, id, 'Typo in this comment.');
    await openAs(reader, url, 'Edit and delete');

    const others = comment(site.page, 'Not yours to change.');
    await others.waitFor(VISIBLE);
    expect(await others.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await others.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const mine = comment(site.page, 'Typo in this comment.');
    await mine.getByRole('button', { name: 'Edit' }).click();
    const editor = commentEditor(site.page, 'Edit comment');
    await editor.waitFor(VISIBLE);
    await editor.click();
    await site.page.keyboard.press('End');
    await site.page.keyboard.type(' Fixed.');
    await site.page.getByRole('form', { name: 'Edit comment' }).getByRole('button', { name: 'Save' }).click();
    await comment(site.page, 'Typo in this comment. Fixed.').waitFor(VISIBLE);
    await editor.waitFor(HIDDEN);

    const edited = comment(site.page, 'Typo in this comment. Fixed.');
    await edited.getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to delete this item?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor(HIDDEN);
    await edited.waitFor(VISIBLE);

    await edited.getByRole('button', { name: 'Delete' }).click();
    await dialog(site.page, 'Confirm').getByRole('button', { name: 'Yes' }).click();
    await edited.waitFor(HIDDEN);
    await site.page.reload();
    await comment(site.page, 'Not yours to change.').waitFor(VISIBLE);
    expect(await commentTexts(site.page)).toEqual(['Not yours to change.']);
  });

  it("shows 20 comments oldest first, and the rest after 'More comments'", async () => {
    const { id, url } = await givenArticle('Many comments');
    const commenters = await Promise.all(['One', 'Two', 'Three'].map((name) => givenReader(`Commenter ${name}`)));
    for (let n = 1; n <= 23; n++) await addArticleComment(site.server.url, commenters[n % 3], id, `Comment ${n}.`);
    await openAs(null, url, 'Many comments');
    await comment(site.page, 'Comment 20.').waitFor(VISIBLE);
    expect(await commentTexts(site.page)).toEqual(Array.from({ length: 20 }, (_, index) => `Comment ${index + 1}.`));

    await site.page.getByRole('button', { name: 'More comments' }).click();
    await comment(site.page, 'Comment 23.').waitFor(VISIBLE);
    expect(await commentTexts(site.page)).toEqual(Array.from({ length: 23 }, (_, index) => `Comment ${index + 1}.`));
    await site.page.getByRole('button', { name: 'More comments' }).waitFor(HIDDEN);
  });

  it('lets an admin unapprove and approve a comment after the confirmation; the visitor no longer sees it meanwhile', async () => {
    const reader = await givenReader('Moe Derated');
    const { id, url } = await givenArticle('Moderated comments');
    await addArticleComment(site.server.url, reader, id, 'Questionable remark.');
    await openAs(author, url, 'Moderated comments');
    expect(await comment(site.page, 'Questionable remark.').getByRole('button', { name: 'Unapprove' }).count()).toBe(0);

    await openAs(admin, url, 'Moderated comments');
    const remark = comment(site.page, 'Questionable remark.');
    await remark.getByRole('button', { name: 'Unapprove' }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to perform this operation?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await remark.getByText('Awaiting approval').waitFor(VISIBLE);
    await remark.getByRole('button', { name: 'Approve', exact: true }).waitFor(VISIBLE);

    const visitor = await site.openAnotherBrowser();
    await visitor.goto(url);
    await heading(visitor, 'Moderated comments').waitFor(VISIBLE);
    await visitor.getByText('No comments yet.').waitFor(VISIBLE);

    await site.page.goto('/admin');
    await site.page.getByText('unapproved a comment on article').first().waitFor(VISIBLE);
    await site.page.goto(url);
    const again = comment(site.page, 'Questionable remark.');
    await again.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog(site.page, 'Confirm').getByRole('button', { name: 'Yes' }).click();
    await again.getByRole('button', { name: 'Unapprove' }).waitFor(VISIBLE);
    expect(await again.getByText('Awaiting approval').count()).toBe(0);
    await visitor.reload();
    await comment(visitor, 'Questionable remark.').waitFor(VISIBLE);
  });

  it('comments on a question too', async () => {
    const reader = await givenReader('Quinn Asker');
    const id = await callSite<number>(site.server.url, 'POST', '/api/Question', {
      token: author.token,
      body: { title: 'Where do comments on questions go?', categoryId: 123, tags, content: '<p>Asking.</p>', defaultImageId: -1 },
    });
    await openAs(reader, `/question/${id}`, 'Where do comments on questions go?');
    await writeComment(site.page, 'Under the question.');
    await comment(site.page, 'Under the question.').getByText('about a moment ago').waitFor(VISIBLE);
    await comment(site.page, 'Under the question.').getByRole('button', { name: 'Like this comment' }).click();
    await comment(site.page, 'Under the question.').getByRole('button', { name: '1 Person liked this comment' }).waitFor(VISIBLE);
    await site.page.reload();
    await comment(site.page, 'Under the question.').getByRole('button', { name: '1 Person liked this comment' }).waitFor(VISIBLE);
  });
});

describe('likes', () => {
  it('toggles a like on a post; the count opens the likes modal with the likers, only above 0', async () => {
    const reader = await givenReader('Liam Liker');
    const { url } = await givenArticle('Likeable article');
    await openAs(reader, url, 'Likeable article');
    const like = site.page.getByRole('button', { name: 'Like this article' });
    const count = site.page.getByRole('button', { name: /liked this article$/ });
    expect(await count.textContent()).toContain('0 People');
    await count.click();
    expect(await likesModal(site.page, 'Article').count()).toBe(0);

    await like.click();
    await site.page.getByRole('button', { name: '1 Person liked this article' }).waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Liked: unlike this article' }).waitFor(VISIBLE);
    await site.page.reload();
    await site.page.getByRole('button', { name: '1 Person liked this article' }).click();
    const modal = likesModal(site.page, 'Article');
    await modal.waitFor(VISIBLE);
    expect(await modal.getByRole('link', { name: 'Liam Liker' }).getAttribute('href')).toBe(`/profile/${reader.userName}`);
    await modal.getByRole('img', { name: 'Liam Liker (no picture)' }).waitFor(VISIBLE);
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor(HIDDEN);

    await site.page.getByRole('button', { name: 'Liked: unlike this article' }).click();
    await site.page.getByRole('button', { name: '0 People liked this article' }).waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Like this article', exact: true }).waitFor(VISIBLE);
  });

  it('likes a comment and lists who liked it; two likers read "2 People"', async () => {
    const reader = await givenReader('Cora Commentliker');
    const other = await givenReader('Otto Other');
    const { id, url } = await givenArticle('Liked comments');
    const remark = await addArticleComment(site.server.url, author, id, 'Like me.');
    await likeThroughApi(site.server.url, other, 'ArticleComment', remark.id);
    await openAs(reader, url, 'Liked comments');
    const item = comment(site.page, 'Like me.');
    await item.getByRole('button', { name: '1 Person liked this comment' }).waitFor(VISIBLE);
    await item.getByRole('button', { name: 'Like this comment' }).click();
    await item.getByRole('button', { name: '2 People liked this comment' }).click();
    const modal = likesModal(site.page, 'Comment');
    await modal.getByRole('link', { name: 'Cora Commentliker' }).waitFor(VISIBLE);
    expect(await modal.getByRole('link').allTextContents()).toEqual(['Cora Commentliker', 'Otto Other']);
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor(HIDDEN);
  });

  it('shows a spinner while the likers load, and the empty state when the likes are gone meanwhile', async () => {
    const liker = await givenReader('Una Unliker');
    const { id, url } = await givenArticle('Fleeting like');
    await likeThroughApi(site.server.url, liker, 'Article', id);
    await openAs(null, url, 'Fleeting like');
    await likeThroughApi(site.server.url, liker, 'Article', id, false);

    const release = await holdRequests(site.page, '**/api/Article/Likes/Users/**');
    await site.page.getByRole('button', { name: '1 Person liked this article' }).click();
    const modal = likesModal(site.page, 'Article');
    await modal.getByRole('progressbar', { name: 'Loading likes' }).waitFor(VISIBLE);
    release();
    await modal.getByText('No users have liked this content yet.').waitFor(VISIBLE);
    await modal.getByRole('progressbar').waitFor(HIDDEN);
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor(HIDDEN);
  });

  it('opens the likes modal from the likes count of a search result', async () => {
    const liker = await givenReader('Sam Searcher');
    const { id } = await givenArticle('Searchable liked article');
    await likeThroughApi(site.server.url, liker, 'Article', id);
    await site.page.goto('/search?searchString=Searchable%20liked%20article&category=-1&entityType=100&orderBy=0');
    const row = resultRow(site.page, 'Searchable liked article');
    await row.getByRole('button', { name: '1 Person liked this article' }).click();
    const modal = likesModal(site.page, 'Article');
    await modal.getByRole('link', { name: 'Sam Searcher' }).waitFor(VISIBLE);
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor(HIDDEN);
  });
});
