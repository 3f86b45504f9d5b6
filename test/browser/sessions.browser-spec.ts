import { navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { openProfile, profileTab, sessionOf } from '../support/profile-pages';
import { callSite, signUpOnSite } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();

describe("Settings: 'Log out everywhere'", () => {
  it('ends the session in this browser and in every other one', async () => {
    const owner = await signUpOnSite(site.server.url, 'Ada Lovelace');
    const laptop = await site.openWithStoredSession(sessionOf(owner));
    const phone = await site.openAnotherBrowser(sessionOf(owner));
    await phone.goto('/');
    await navbar(phone).getByRole('link', { name: 'Ada Lovelace' }).waitFor(VISIBLE);

    await openProfile(laptop, owner.userName);
    await profileTab(laptop, 'Settings').click();
    await laptop.getByRole('heading', { name: 'Log out everywhere' }).waitFor(VISIBLE);
    await laptop.getByRole('button', { name: 'Log out everywhere' }).click();

    // This browser lands on the login page, logged out.
    await laptop.waitForURL((url) => url.pathname === '/login');
    await navbar(laptop).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    // The other one finds its stored token refused on its next visit.
    await phone.reload();
    await navbar(phone).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await navbar(phone).getByRole('link', { name: 'Ada Lovelace' }).count()).toBe(0);
    await expect(callSite(site.server.url, 'GET', '/api/Account/IsTokenValid', { token: owner.token })).rejects.toThrow(/401/);
  });
});
