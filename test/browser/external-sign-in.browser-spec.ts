import type { Page } from 'playwright-core';
import { loginForm, signupForm } from '../support/account-pages';
import { navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { startOidcProvider } from '../support/external-providers';
import { openProfile, profileSection, profileTab, sessionOf } from '../support/profile-pages';
import { signUpOnSite } from '../support/site-api';

jest.setTimeout(120_000);

/** The site's env, completed with the provider's issuer once it runs (this hook runs before the site's). */
const env: Record<string, string> = { OIDC_CLIENT_ID: 'devcommunity', OIDC_CLIENT_SECRET: 'devcommunity-secret', OIDC_NAME: 'Test ID' };
let provider: Awaited<ReturnType<typeof startOidcProvider>> | undefined;
beforeAll(async () => {
  // Port-less loopback redirect URI: the site's port is chosen after the provider starts (RFC 8252).
  provider = await startOidcProvider(['http://127.0.0.1/api/Account/External/oidc/Callback']);
  env.OIDC_ISSUER_URL = provider.issuer;
});
afterAll(() => provider?.stop());

const site = useBrowserSite({ env });

/** The provider's development login and consent pages, as `login`. */
async function throughProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').waitFor(VISIBLE);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign-in with an OpenID Connect provider', () => {
  it("signs up with 'Continue with Test ID' on the login page, through the provider's login and consent", async () => {
    const { page } = site;
    await page.goto('/login');
    await signupForm(page).getByRole('link', { name: 'Continue with Test ID' }).waitFor(VISIBLE);
    await loginForm(page).getByRole('link', { name: 'Continue with Test ID' }).click();
    await throughProvider(page, 'browser-ada');
    await navbar(page).getByRole('link', { name: 'Name of browser-ada' }).waitFor(VISIBLE);
    // The one-time code is gone from the address bar and no token was ever in it.
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('links the provider in Settings and lists it there, then unlinks it', async () => {
    const owner = await signUpOnSite(site.server.url, 'Lin Linker');
    const page = await site.openWithStoredSession(sessionOf(owner));
    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    const section = profileSection(page, 'Linked accounts');
    await section.getByRole('button', { name: 'Link Test ID' }).click();
    await throughProvider(page, 'lin-at-idp');
    await page.getByText('The sign-in method is linked to your account.').waitFor(VISIBLE);
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await profileTab(page, 'Settings').click();
    const linked = profileSection(page, 'Linked accounts').getByRole('list', { name: 'Linked accounts' }).getByRole('listitem');
    await linked.filter({ hasText: 'lin-at-idp' }).waitFor(VISIBLE);
    await profileSection(page, 'Linked accounts').getByRole('button', { name: 'Unlink Test ID lin-at-idp' }).click();
    await linked.first().waitFor({ state: 'detached', timeout: 10_000 });
  });
});
