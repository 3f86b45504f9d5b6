import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { articleBody } from '../support/posts';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
let admin: SiteAccount;
let member: SiteAccount;

beforeAll(async () => {
  member = await signUpOnSite(site.server.url, 'Mia Member');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
});

const systemCard = () => site.page.getByRole('region', { name: 'System' });
const projectionRow = (name: string) =>
  systemCard()
    .getByRole('row')
    .filter({ has: site.page.getByRole('rowheader', { name, exact: true }) });
const cellsOf = async (name: string) => (await projectionRow(name).getByRole('cell').allInnerTexts()).map((text) => text.trim());

describe('Admin Panel System card', () => {
  it("shows each projection's state, position and lag, and the queue, and follows new events", async () => {
    await site.openWithStoredSession(admin);
    await site.page.goto('/admin');
    await heading(site.page, 'Admin Panel').waitFor(VISIBLE);
    const card = systemCard();
    await card.getByRole('heading', { name: 'System' }).waitFor(VISIBLE);
    // The heading shows before the figures arrive: read the headers once the table is there.
    await card.getByRole('columnheader').first().waitFor(VISIBLE);
    expect(await card.getByRole('columnheader').allInnerTexts()).toEqual([
      'Projection',
      'State',
      'Position',
      'Lag (events)',
      'Lag (seconds)',
      'Parked events',
    ]);

    const { head } = await callSite<{ head: string }>(site.server.url, 'GET', '/api/Admin/System', { token: admin.token });
    for (const name of ['accounts', 'home', 'post-view', 'comments', 'search', 'account-mail']) {
      await projectionRow(name).waitFor(VISIBLE);
      expect(await cellsOf(name)).toEqual(['Running', head, '0', '0', '0']);
    }
    await card.getByText(`Events in the log up to position ${head}`).waitFor(VISIBLE);
    await card.getByText(/^Queue: \d+ jobs? waiting or running, 0 failed$/).waitFor(VISIBLE);

    // A new article moves the log and every projection with it; the card refreshes by itself.
    await callSite(site.server.url, 'POST', '/api/Article', {
      token: member.token,
      body: articleBody({ title: 'Observability in practice', isPublished: true }),
    });
    const after = await callSite<{ head: string }>(site.server.url, 'GET', '/api/Admin/System', { token: admin.token });
    expect(BigInt(after.head)).toBeGreaterThan(BigInt(head));
    await card.getByText(`Events in the log up to position ${after.head}`).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await cellsOf('home')).toEqual(['Running', after.head, '0', '0', '0']);
  });

  it('is not shown to a member', async () => {
    await site.openWithStoredSession(member);
    await site.page.goto('/admin');
    await site.page.getByText('Only admins can see this page.').waitFor(VISIBLE);
    expect(await systemCard().count()).toBe(0);
  });
});
