import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { linkIn, waitForMailTo } from '../support/mailbox';
import { articleBody } from '../support/posts';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

// Issue 27's spam default on: the second journey meets it.
const site = useBrowserSite({ env: { REQUIRE_CONFIRMED_EMAIL: 'on' } });
let admin: SiteAccount;
let member: SiteAccount;

beforeAll(async () => {
  member = await signUpOnSite(site.server.url, 'Spencer Suspendable');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
});

const login = (account: SiteAccount) =>
  fetch(`${site.server.url}/api/Account/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Email: account.email, Password: account.password, RememberMe: false }),
  });

/** Issue 27: suspend and unsuspend from the Admin Panel's Users card. */
describe('Admin Panel: suspensions', () => {
  it('suspends a member after a danger confirmation (their login is refused with the reason), shows it in the activity, and unsuspends them', async () => {
    await site.openWithStoredSession(admin);
    const page = site.page;
    await page.goto('/admin');
    await heading(page, 'Admin Panel').waitFor(VISIBLE);
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByLabel('User name starts with').fill(member.userName);
    await users.getByRole('button', { name: 'Find' }).click();
    await users.getByRole('link', { name: 'Spencer Suspendable' }).waitFor(VISIBLE);

    await users.getByRole('button', { name: `Suspend ${member.userName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Spencer Suspendable' });
    await dialog.waitFor(VISIBLE);
    await dialog.getByLabel('Reason (shown to them)').fill('Posting spam links');
    await dialog.getByRole('button', { name: 'Yes' }).click();

    await users.getByText('Suspended indefinitely: Posting spam links').waitFor(VISIBLE);
    const refused = await login(member);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
      'Your account is suspended indefinitely. Reason: Posting spam links',
    );
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity.getByText(/suspended Spencer Suspendable indefinitely: Posting spam links/).waitFor(VISIBLE);

    await users.getByRole('button', { name: `Unsuspend ${member.userName}` }).click();
    await page.getByRole('dialog', { name: 'Unsuspend Spencer Suspendable' }).getByRole('button', { name: 'Yes' }).click();
    await users.getByRole('button', { name: `Suspend ${member.userName}` }).waitFor(VISIBLE);
    expect((await login(member)).status).toBe(200);
    await activity.getByText(/unsuspended Spencer Suspendable/).waitFor(VISIBLE);
  });

  it('offers to send a confirmation link when a write waits for a confirmed e-mail (REQUIRE_CONFIRMED_EMAIL=on)', async () => {
    // An author confirms their e-mail and publishes; the reader has not confirmed theirs.
    const author = await signUpOnSite(site.server.url, 'Cora Confirmed');
    const { url: _url, path: _path, ...fields } = linkIn(await waitForMailTo(site.server.dataDir, author.email, { subject: /confirm/i }));
    await callSite(site.server.url, 'POST', '/api/Account/ConfirmEmail', { body: fields });
    const id = await callSite<number>(site.server.url, 'POST', '/api/Article', {
      token: author.token,
      body: articleBody({ title: 'Confirmed authors only', isPublished: true }),
    });
    const reader = await signUpOnSite(site.server.url, 'Una Unconfirmed');
    const page = await site.openWithStoredSession(reader);
    await page.goto(`/article/${id}`);
    await page.getByRole('button', { name: 'Like this article' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirm your e-mail' });
    await prompt.getByText('Please confirm your e-mail address first').waitFor(VISIBLE);
    await prompt.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.waitForURL('**/sendemailconfirmationlink');
  });
});
