import { totpCodeAt } from '@app/api/accounts/two-factor/totp';
import { logIn } from '../support/account-pages';
import { navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { openProfile, profileSection, profileTab, sessionOf } from '../support/profile-pages';
import { callSite, signUpOnSite } from '../support/site-api';

jest.setTimeout(120_000);

const site = useBrowserSite();

describe('Settings: how I sign in', () => {
  it('turns two-factor on with the QR code and a code, shows the recovery codes once, and the login then asks for a code', async () => {
    const owner = await signUpOnSite(site.server.url, 'Grace Hopper');
    const page = await site.openWithStoredSession(sessionOf(owner));
    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    const section = profileSection(page, 'Two-factor authentication');
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor(VISIBLE);
    const secret = (await section.getByLabel('Setup key').textContent())!.trim();
    await section.getByLabel('Code').fill(totpCodeAt(secret, new Date()));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor(VISIBLE);
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.nth(2).textContent())!.trim();
    await section.getByText('On. 10 recovery codes left.').waitFor(VISIBLE);

    const elsewhere = await site.openAnotherBrowser();
    await elsewhere.goto('/login');
    await logIn(elsewhere, owner.email, owner.password);
    await elsewhere.getByRole('heading', { name: 'Two-factor authentication' }).waitFor(VISIBLE);
    await elsewhere.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCode);
    await elsewhere.getByRole('button', { name: 'Verify' }).click();
    await navbar(elsewhere).getByRole('link', { name: 'Grace Hopper' }).waitFor(VISIBLE);
  });

  it('regenerates the recovery codes with a code of the app: a new one logs in, an old one no longer does', async () => {
    const owner = await signUpOnSite(site.server.url, 'Katherine Johnson');
    const { secret } = await callSite<{ secret: string }>(site.server.url, 'POST', '/api/Account/TwoFactor/Setup', { token: owner.token });
    // Turned on with the code of the step before, so the app's current code is still free for the regeneration.
    const { recoveryCodes: old } = await callSite<{ recoveryCodes: string[] }>(site.server.url, 'POST', '/api/Account/TwoFactor/Enable', {
      token: owner.token,
      body: { code: totpCodeAt(secret, new Date(Date.now() - 30_000)) },
    });
    const page = await site.openWithStoredSession(sessionOf(owner));
    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    const section = profileSection(page, 'Two-factor authentication');
    await section.getByText('On. 10 recovery codes left.').waitFor(VISIBLE);
    const regenerate = section.getByRole('form', { name: 'New recovery codes' });
    await regenerate.getByLabel('Code from your authenticator app').fill(totpCodeAt(secret, new Date()));
    await regenerate.getByRole('button', { name: 'Get new recovery codes' }).click();
    await section.getByText('New recovery codes: the old ones no longer work.', { exact: false }).waitFor(VISIBLE);
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    expect(await codes.count()).toBe(10);
    const fresh = (await codes.nth(0).textContent())!.trim();
    expect(old).not.toContain(fresh);

    const elsewhere = await site.openAnotherBrowser();
    await elsewhere.goto('/login');
    await logIn(elsewhere, owner.email, owner.password);
    const code = elsewhere.getByLabel('Code from your authenticator app, or a recovery code');
    await code.fill(old[0]);
    await elsewhere.getByRole('button', { name: 'Verify' }).click();
    await elsewhere.getByRole('alert').getByText('The code is not valid. Please try again.').waitFor(VISIBLE);
    await code.fill(fresh);
    await elsewhere.getByRole('button', { name: 'Verify' }).click();
    await navbar(elsewhere).getByRole('link', { name: 'Katherine Johnson' }).waitFor(VISIBLE);
  });

  it("lists the active sessions with 'This device' marked and ends another one", async () => {
    const owner = await signUpOnSite(site.server.url, 'Margaret Hamilton');
    const other = await callSite<{ token: string }>(site.server.url, 'POST', '/api/Account/Login', {
      body: { Email: owner.email, Password: owner.password, RememberMe: true },
    });
    const page = await site.openWithStoredSession(sessionOf(owner));
    await openProfile(page, owner.userName);
    await profileTab(page, 'Settings').click();
    const sessions = profileSection(page, 'Active sessions').getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await sessions.nth(1).waitFor(VISIBLE);
    expect(await sessions.count()).toBe(2);
    await sessions.filter({ hasText: 'This device' }).waitFor(VISIBLE);

    await sessions.filter({ hasNotText: 'This device' }).getByRole('button').click();
    await sessions.filter({ hasNotText: 'This device' }).waitFor({ state: 'detached' });
    await expect(callSite(site.server.url, 'GET', '/api/Account/IsTokenValid', { token: other.token })).rejects.toThrow(/401/);
  });
});
