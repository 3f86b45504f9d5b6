import type { Page } from 'playwright-core';
import { totpCodeAt } from '@app/api/accounts/two-factor/totp';
import { logIn } from '../support/account-pages';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { openProfile, profileSection, profileTab, sessionOf } from '../support/profile-pages';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(120_000);

// Passkeys are bound to a domain: the site is reached as localhost, never 127.0.0.1 (no valid RP ID).
const site = useBrowserSite({ host: 'localhost' });

/** Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with a fingerprint that always matches. */
async function addVirtualAuthenticator(page: Page): Promise<() => Promise<{ credentialId: string }[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** Adds a passkey named `name` through Settings (the page logged in as `owner`). */
async function addPasskeyInSettings(page: Page, owner: SiteAccount, name: string) {
  await openProfile(page, owner.userName);
  await profileTab(page, 'Settings').click();
  const section = profileSection(page, 'Passkeys');
  await section.getByLabel('Passkey name').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const passkeys = section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await passkeys.filter({ hasText: name }).waitFor(VISIBLE);
  return { section, passkeys };
}

describe('Passkeys', () => {
  it('adds a passkey in Settings, signs in with it after logging out (no e-mail, no password), and removes it', async () => {
    const owner = await signUpOnSite(site.server.url, 'Katherine Johnson');
    const page = await site.openWithStoredSession(sessionOf(owner));
    const credentials = await addVirtualAuthenticator(page);

    const { section, passkeys } = await addPasskeyInSettings(page, owner, 'Work laptop');
    await passkeys.filter({ hasText: 'never used' }).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(page, 'Settings with a passkey');
    // A discoverable credential of this site, made for this account.
    expect(await credentials()).toHaveLength(1);

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectNoSeriousA11yViolations(page, 'login with a passkey button');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await navbar(page).getByRole('link', { name: 'Katherine Johnson' }).waitFor(VISIBLE);

    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    await passkeys.filter({ hasText: 'last used' }).waitFor(VISIBLE);
    await section.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await passkeys.first().waitFor({ state: 'detached' });

    // The authenticator still holds it, but the site no longer takes it.
    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('This passkey could not sign you in. Please try again.').waitFor(VISIBLE);
  });

  it('finishes a password login with two-factor on with a passkey instead of a code', async () => {
    const owner = await signUpOnSite(site.server.url, 'Dorothy Vaughan');
    const { secret } = await callSite<{ secret: string }>(site.server.url, 'POST', '/api/Account/TwoFactor/Setup', { token: owner.token });
    await callSite(site.server.url, 'POST', '/api/Account/TwoFactor/Enable', {
      token: owner.token,
      body: { code: totpCodeAt(secret, new Date(Date.now() - 30_000)) },
    });
    const page = await site.openWithStoredSession(sessionOf(owner));
    await addVirtualAuthenticator(page);
    await addPasskeyInSettings(page, owner, 'Phone');

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, owner.email, owner.password);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await navbar(page).getByRole('link', { name: 'Dorothy Vaughan' }).waitFor(VISIBLE);
  });
});
