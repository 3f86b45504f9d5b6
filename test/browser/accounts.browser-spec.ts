import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { loginForm, logIn, signUpThroughForm, signupForm } from '../support/account-pages';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { holdRequests, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { eventually } from '../support/eventually';
import { countMailTo, linkIn, waitForMailTo } from '../support/mailbox';
import { signUpOnSite } from '../support/site-api';

jest.setTimeout(90_000);

const LINK_SENT = 'If email is valid, you will receive an email. Link will expire after 15mins.';

const site = useBrowserSite();

const uniqueEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** An account made through the API, for the tests about what comes after signing up. */
const signUpThroughApi = (name: string) => signUpOnSite(site.server.url, name);

async function expectLoggedInAs(page: Page, name: string) {
  await navbar(page).getByRole('link', { name }).waitFor(VISIBLE);
  await navbar(page).getByRole('button', { name: 'Logout' }).waitFor(VISIBLE);
}

async function storedToken(page: Page) {
  return page.evaluate<string | null>("window.localStorage.getItem('token')");
}

describe('login page', () => {
  it('shows the login and signup forms side by side with the banner and the account links', async () => {
    await site.page.goto('/login');
    await site.page.getByRole('heading', { level: 1 }).waitFor(VISIBLE);
    await site.page.getByRole('heading', { name: 'Existing User' }).waitFor(VISIBLE);
    await site.page.getByRole('heading', { name: 'New User' }).waitFor(VISIBLE);
    const [login, signup] = [await loginForm(site.page).boundingBox(), await signupForm(site.page).boundingBox()];
    expect(login && signup && Math.abs(login.y - signup.y) < 2 && signup.x > login.x + login.width - 1).toBe(true);
    await loginForm(site.page).getByLabel('Remember me').waitFor(VISIBLE);
    await signupForm(site.page).getByLabel('Confirm Password').waitFor(VISIBLE);
  });

  it('signs up, shows the name and Logout in the navbar and goes home', async () => {
    await site.page.goto('/login');
    await signUpThroughForm(site.page, { name: 'Grace Browser', email: uniqueEmail(), password: 'compiler-1' });

    await site.page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(site.page, 'Grace Browser');
    expect(await navbar(site.page).getByRole('link', { name: 'Grace Browser' }).getAttribute('href')).toMatch(/^\/profile\/grace-browser/);
    expect(await storedToken(site.page)).toEqual(expect.any(String));
  });

  it('shows the server message when the e-mail is already registered', async () => {
    const account = await signUpThroughApi('Taken Address');
    await site.page.goto('/login');
    await signUpThroughForm(site.page, { name: 'Someone Else', email: account.email, password: 'compiler-1' });
    await signupForm(site.page).getByRole('alert').getByText('Email is already registered.').waitFor(VISIBLE);
    expect(new URL(site.page.url()).pathname).toBe('/login');
  });

  it('logs out to /login and logs back in', async () => {
    const account = await signUpThroughApi('Linus Login');
    await site.page.goto('/login');
    await logIn(site.page, account.email, account.password);
    await site.page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(site.page, 'Linus Login');

    await navbar(site.page).getByRole('button', { name: 'Logout' }).click();
    await site.page.waitForURL((url) => url.pathname === '/login');
    await navbar(site.page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await storedToken(site.page)).toBeNull();

    await logIn(site.page, account.email.toUpperCase(), account.password);
    await site.page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(site.page, 'Linus Login');
  });

  it('goes back to the article page the visitor came from', async () => {
    const account = await signUpThroughApi('Returning Reader');
    await site.page.goto('/article/12/some-title');
    await site.page.evaluate("window.location.href = '/login'");
    await site.page.waitForURL((url) => url.pathname === '/login');
    await logIn(site.page, account.email, account.password);
    await site.page.waitForURL((url) => url.pathname === '/article/12/some-title');
    await expectLoggedInAs(site.page, 'Returning Reader');
  });

  it('shows the server message for a wrong password', async () => {
    const account = await signUpThroughApi('Wrong Password');
    await site.page.goto('/login');
    await logIn(site.page, account.email, 'not-my-password');
    await loginForm(site.page).getByRole('alert').getByText('Invalid email or password.').waitFor(VISIBLE);
    expect(new URL(site.page.url()).pathname).toBe('/login');
    await navbar(site.page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
  });

  it('shows the rule messages under the login fields after a submit attempt and on leaving a field', async () => {
    await site.page.goto('/login');
    const form = loginForm(site.page);
    let loginCalls = 0;
    site.page.on('request', (request) => {
      if (request.url().endsWith('/api/Account/Login')) loginCalls += 1;
    });
    await form.getByRole('button', { name: 'Login' }).click();
    await form.getByText('- Email is required').waitFor(VISIBLE);
    await form.getByText('- Password is required').waitFor(VISIBLE);

    await form.getByLabel('Email').fill('not-an-email');
    await form.getByText('- Email is invalid').waitFor(VISIBLE);
    await form.getByLabel('Password').fill('short');
    await form.getByText('- Password must be at least 8 characters').waitFor(VISIBLE);
    await form.getByLabel('Password').fill('x'.repeat(17));
    await form.getByText('- Password must be at least 16 characters').waitFor(VISIBLE);
    expect(loginCalls).toBe(0);
  });

  it('shows the rule messages under the signup fields once a field is left', async () => {
    await site.page.goto('/login');
    const form = signupForm(site.page);
    const name = form.getByLabel('Name');
    await name.fill('Al');
    expect(await form.getByText('- Name must be at least 3 characters').count()).toBe(0);
    await name.blur();
    await form.getByText('- Name must be at least 3 characters').waitFor(VISIBLE);
    await name.fill('');
    await form.getByText('- Name is required').waitFor(VISIBLE);

    const password = form.getByLabel('Password', { exact: true });
    await password.fill('x'.repeat(17));
    await password.blur();
    await form.getByText('- Password must be max 16 characters').waitFor(VISIBLE);
    await password.fill('compiler-1');

    const confirm = form.getByLabel('Confirm Password');
    await confirm.focus();
    await confirm.blur();
    await form.getByText('- Confirm Password is required').waitFor(VISIBLE);
    await confirm.fill('compiler-2');
    await form.getByText('- Password does not match').waitFor(VISIBLE);
    await confirm.fill('compiler-1');
    await form.getByText('- Password does not match').waitFor({ state: 'hidden' });

    await form.getByRole('button', { name: 'Sign Up' }).click();
    await form.getByText('- Email is required').waitFor(VISIBLE);
    await form.getByText('- Name is required').waitFor(VISIBLE);
  });

  it('opens forgot password and resend confirmation in small separate windows', async () => {
    await site.page.goto('/login');
    for (const [link, path, heading] of [
      ['Forgot password?', '/forgotpassword', 'Forgot Password'],
      ['Resend confirmation e-mail', '/sendemailconfirmationlink', 'Send Email Confirmation Link'],
    ]) {
      const [popup] = await Promise.all([
        site.context.waitForEvent('page'),
        loginForm(site.page).getByRole('link', { name: link }).click(),
      ]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(path);
      await popup.getByRole('heading', { name: heading }).waitFor(VISIBLE);
      expect(await popup.evaluate<boolean>('window.opener !== null')).toBe(true);
      expect(await popup.evaluate<number>('window.outerWidth')).toBeLessThan(700);
      await popup.close();
      expect(new URL(site.page.url()).pathname).toBe('/login');
    }
  });
});

describe('forgotten password', () => {
  it('sends a reset link by e-mail, resets the password with it, then logs in with the new one', async () => {
    const account = await signUpThroughApi('Forgetful Browser');
    await site.page.goto('/forgotpassword');
    await site.page.getByRole('button', { name: 'Send' }).click();
    await site.page.getByText('- Email is required').waitFor(VISIBLE);
    await site.page.getByLabel('Email').fill(account.email);
    await site.page.getByRole('button', { name: 'Send' }).click();
    await site.page.getByRole('main').getByRole('status').getByText(LINK_SENT).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(site.page, 'forgot password with its success message');

    const link = linkIn(await waitForMailTo(site.server.dataDir, account.email, { subject: /reset/i }));
    expect(link.path).toBe('/resetpassword');
    await site.page.goto(link.url.href);
    await site.page.getByRole('heading', { name: 'Reset Password' }).waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Reset Password' }).click();
    await site.page.getByText('- Password is required').waitFor(VISIBLE);
    await site.page.getByText('- Confirm Password is required').waitFor(VISIBLE);
    await site.page.getByLabel('New Password').fill('second-pass2');
    await site.page.getByLabel('Confirm Password').fill('second-pass3');
    await site.page.getByText('- Password does not match').waitFor(VISIBLE);
    await site.page.getByLabel('Confirm Password').fill('second-pass2');
    await site.page.getByRole('button', { name: 'Reset Password' }).click();
    await site.page.getByRole('main').getByRole('status').waitFor(VISIBLE);

    // The link works once: the password change retires it.
    const again = await site.context.newPage();
    await again.goto(link.url.href);
    await again.getByLabel('New Password').fill('third-pass33');
    await again.getByLabel('Confirm Password').fill('third-pass33');
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await again.getByRole('alert').getByText('This link is invalid or has already been used.').waitFor(VISIBLE);
    await again.close();

    await site.page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await site.page.waitForURL((url) => url.pathname === '/login');
    await logIn(site.page, account.email, account.password);
    await loginForm(site.page).getByRole('alert').getByText('Invalid email or password.').waitFor(VISIBLE);
    await logIn(site.page, account.email, 'second-pass2');
    await site.page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(site.page, 'Forgetful Browser');
  });

  it('refuses a tampered reset link with the server message', async () => {
    const account = await signUpThroughApi('Tamperer');
    await site.page.goto('/forgotpassword');
    await site.page.getByLabel('Email').fill(account.email);
    await site.page.getByRole('button', { name: 'Send' }).click();
    const link = linkIn(await waitForMailTo(site.server.dataDir, account.email, { subject: /reset/i }));
    link.url.searchParams.set('hash', `${link.hash.slice(0, -2)}xx`);
    await site.page.goto(link.url.href);
    await site.page.getByLabel('New Password').fill('second-pass2');
    await site.page.getByLabel('Confirm Password').fill('second-pass2');
    await site.page.getByRole('button', { name: 'Reset Password' }).click();
    await site.page.getByRole('alert').getByText('This link is invalid or has already been used.').waitFor(VISIBLE);
  });
});

describe('e-mail confirmation', () => {
  it('confirms the e-mail with the link from the signup mail, once', async () => {
    await site.page.goto('/login');
    const email = uniqueEmail();
    await signUpThroughForm(site.page, { name: 'Confirming Browser', email, password: 'compiler-1' });
    await site.page.waitForURL((url) => url.pathname === '/');

    const link = linkIn(await waitForMailTo(site.server.dataDir, email, { subject: /confirm/i }));
    expect(link.path).toBe('/confirmemail');
    let confirmCalls = 0;
    site.page.on('request', (request) => {
      if (request.url().endsWith('/api/Account/ConfirmEmail')) confirmCalls += 1;
    });
    await site.page.goto(link.url.href);
    await site.page.getByText('Your Email is confirmed').waitFor(VISIBLE);
    expect(confirmCalls).toBe(1);

    await site.page.reload();
    await site.page.getByText('Your email is already confirmed.').waitFor(VISIBLE);
  });

  it('shows Confirming email... until the server answers', async () => {
    const release = await holdRequests(site.page, '**/api/Account/ConfirmEmail');
    await site.page.goto('/confirmemail?uname=nobody&created=1&expire=2&hash=abc');
    await site.page.getByText('Confirming email...').waitFor(VISIBLE);
    release();
    await site.page.getByRole('alert').waitFor(VISIBLE);
    expect(await site.page.getByText('Your Email is confirmed').count()).toBe(0);
  });

  it('resends the confirmation link from its own screen', async () => {
    const account = await signUpThroughApi('Resending Browser');
    await waitForMailTo(site.server.dataDir, account.email, { subject: /confirm/i });
    await site.page.goto('/sendemailconfirmationlink');
    await site.page.getByLabel('Email').fill('not-an-email');
    await site.page.getByRole('button', { name: 'Send' }).click();
    await site.page.getByText('- Email is invalid').waitFor(VISIBLE);
    await site.page.getByLabel('Email').fill(account.email);
    await site.page.getByRole('button', { name: 'Send' }).click();
    await site.page.getByRole('main').getByRole('status').getByText(LINK_SENT).waitFor(VISIBLE);
    await eventually(async () => (await countMailTo(site.server.dataDir, account.email)) >= 2, 'a second confirmation e-mail', 15_000);
  });
});
