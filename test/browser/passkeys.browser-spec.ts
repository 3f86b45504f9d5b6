import type { Page } from 'playwright-core';
import { navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { openProfile, profileSection, profileTab, sessionOf } from '../support/profile-pages';
import { signUpOnSite } from '../support/site-api';

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

describe('Passkeys', () => {
  it('adds a passkey in Settings, signs in with it after logging out (no e-mail, no password), and removes it', async () => {
    const owner = await signUpOnSite(site.server.url, 'Katherine Johnson');
    const page = await site.openWithStoredSession(sessionOf(owner));
    const credentials = await addVirtualAuthenticator(page);

    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    const section = profileSection(page, 'Passkeys');
    await section.getByLabel('Passkey name').fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await passkeys.filter({ hasText: 'Work laptop' }).waitFor(VISIBLE);
    await passkeys.filter({ hasText: 'never used' }).waitFor(VISIBLE);
    // A discoverable credential of this site, made for this account.
    expect(await credentials()).toHaveLength(1);

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
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
});
