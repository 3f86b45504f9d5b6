import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { countMailTo, linkIn, waitForMailTo } from '../support/mailbox';
import { startServer, type RunningServer } from '../support/server';
import { signUpOnSite } from '../support/site-api';

jest.setTimeout(90_000);

const VISIBLE = { state: 'visible', timeout: 10_000 } as const;
const LINK_SENT = 'If email is valid, you will receive an email. Link will expire after 15mins.';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const navbar = (page: Page) => page.getByRole('banner');
const loginForm = (page: Page) => page.getByRole('form', { name: 'Existing User' });
const signupForm = (page: Page) => page.getByRole('form', { name: 'New User' });
const uniqueEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** An account made through the API, for the tests about what comes after signing up. */
const signUpThroughApi = (name: string) => signUpOnSite(server.url, name);

async function logIn(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

async function expectLoggedInAs(page: Page, name: string) {
  await navbar(page).getByRole('link', { name }).waitFor(VISIBLE);
  await navbar(page).getByRole('button', { name: 'Logout' }).waitFor(VISIBLE);
}

async function storedToken(page: Page) {
  return page.evaluate<string | null>("window.localStorage.getItem('token')");
}

describe('login page', () => {
  it('shows the login and signup forms side by side with the banner and the account links', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor(VISIBLE);
    await page.getByRole('heading', { name: 'Existing User' }).waitFor(VISIBLE);
    await page.getByRole('heading', { name: 'New User' }).waitFor(VISIBLE);
    const [login, signup] = [await loginForm(page).boundingBox(), await signupForm(page).boundingBox()];
    expect(login && signup && Math.abs(login.y - signup.y) < 2 && signup.x > login.x + login.width - 1).toBe(true);
    await loginForm(page).getByLabel('Remember me').waitFor(VISIBLE);
    await signupForm(page).getByLabel('Confirm Password').waitFor(VISIBLE);
  });

  it('signs up, shows the name and Logout in the navbar and goes home', async () => {
    await page.goto('/login');
    const form = signupForm(page);
    await form.getByLabel('Name').fill('Grace Browser');
    await form.getByLabel('Email').fill(uniqueEmail());
    await form.getByLabel('Password', { exact: true }).fill('compiler-1');
    await form.getByLabel('Confirm Password').fill('compiler-1');
    await form.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(page, 'Grace Browser');
    expect(await navbar(page).getByRole('link', { name: 'Grace Browser' }).getAttribute('href')).toMatch(/^\/profile\/grace-browser/);
    expect(await storedToken(page)).toEqual(expect.any(String));
  });

  it('shows the server message when the e-mail is already registered', async () => {
    const account = await signUpThroughApi('Taken Address');
    await page.goto('/login');
    const form = signupForm(page);
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill('compiler-1');
    await form.getByLabel('Confirm Password').fill('compiler-1');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await form.getByRole('alert').getByText('Email is already registered.').waitFor(VISIBLE);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs out to /login and logs back in', async () => {
    const account = await signUpThroughApi('Linus Login');
    await page.goto('/login');
    await logIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(page, 'Linus Login');

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await storedToken(page)).toBeNull();

    await logIn(page, account.email.toUpperCase(), account.password);
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(page, 'Linus Login');
  });

  it('goes back to the article page the visitor came from', async () => {
    const account = await signUpThroughApi('Returning Reader');
    await page.goto('/article/12/some-title');
    await page.evaluate("window.location.href = '/login'");
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/article/12/some-title');
    await expectLoggedInAs(page, 'Returning Reader');
  });

  it('shows the server message for a wrong password', async () => {
    const account = await signUpThroughApi('Wrong Password');
    await page.goto('/login');
    await logIn(page, account.email, 'not-my-password');
    await loginForm(page).getByRole('alert').getByText('Invalid email or password.').waitFor(VISIBLE);
    expect(new URL(page.url()).pathname).toBe('/login');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
  });

  it('shows the rule messages under the login fields after a submit attempt and on leaving a field', async () => {
    await page.goto('/login');
    const form = loginForm(page);
    let loginCalls = 0;
    page.on('request', (request) => {
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
    await page.goto('/login');
    const form = signupForm(page);
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
    await page.goto('/login');
    for (const [link, path, heading] of [
      ['Forgot password?', '/forgotpassword', 'Forgot Password'],
      ['Resend confirmation e-mail', '/sendemailconfirmationlink', 'Send Email Confirmation Link'],
    ]) {
      const [popup] = await Promise.all([context.waitForEvent('page'), loginForm(page).getByRole('link', { name: link }).click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(path);
      await popup.getByRole('heading', { name: heading }).waitFor(VISIBLE);
      expect(await popup.evaluate<boolean>('window.opener !== null')).toBe(true);
      expect(await popup.evaluate<number>('window.outerWidth')).toBeLessThan(700);
      await popup.close();
      expect(new URL(page.url()).pathname).toBe('/login');
    }
  });
});

describe('forgotten password', () => {
  it('sends a reset link by e-mail, resets the password with it, then logs in with the new one', async () => {
    const account = await signUpThroughApi('Forgetful Browser');
    await page.goto('/forgotpassword');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('- Email is required').waitFor(VISIBLE);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('main').getByRole('status').getByText(LINK_SENT).waitFor(VISIBLE);

    const link = linkIn(await waitForMailTo(server.dataDir, account.email, { subject: /reset/i }));
    expect(link.path).toBe('/resetpassword');
    await page.goto(link.url.href);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('- Password is required').waitFor(VISIBLE);
    await page.getByText('- Confirm Password is required').waitFor(VISIBLE);
    await page.getByLabel('New Password').fill('second-pass2');
    await page.getByLabel('Confirm Password').fill('second-pass3');
    await page.getByText('- Password does not match').waitFor(VISIBLE);
    await page.getByLabel('Confirm Password').fill('second-pass2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('main').getByRole('status').waitFor(VISIBLE);

    // The link works once: the password change retires it.
    const again = await context.newPage();
    await again.goto(link.url.href);
    await again.getByLabel('New Password').fill('third-pass33');
    await again.getByLabel('Confirm Password').fill('third-pass33');
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await again.getByRole('alert').getByText('This link is invalid or has already been used.').waitFor(VISIBLE);
    await again.close();

    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, account.email, account.password);
    await loginForm(page).getByRole('alert').getByText('Invalid email or password.').waitFor(VISIBLE);
    await logIn(page, account.email, 'second-pass2');
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(page, 'Forgetful Browser');
  });

  it('refuses a tampered reset link with the server message', async () => {
    const account = await signUpThroughApi('Tamperer');
    await page.goto('/forgotpassword');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send' }).click();
    const link = linkIn(await waitForMailTo(server.dataDir, account.email, { subject: /reset/i }));
    link.url.searchParams.set('hash', `${link.hash.slice(0, -2)}xx`);
    await page.goto(link.url.href);
    await page.getByLabel('New Password').fill('second-pass2');
    await page.getByLabel('Confirm Password').fill('second-pass2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').getByText('This link is invalid or has already been used.').waitFor(VISIBLE);
  });
});

describe('e-mail confirmation', () => {
  it('confirms the e-mail with the link from the signup mail, once', async () => {
    await page.goto('/login');
    const email = uniqueEmail();
    const form = signupForm(page);
    await form.getByLabel('Name').fill('Confirming Browser');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('compiler-1');
    await form.getByLabel('Confirm Password').fill('compiler-1');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const link = linkIn(await waitForMailTo(server.dataDir, email, { subject: /confirm/i }));
    expect(link.path).toBe('/confirmemail');
    let confirmCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Account/ConfirmEmail')) confirmCalls += 1;
    });
    await page.goto(link.url.href);
    await page.getByText('Your Email is confirmed').waitFor(VISIBLE);
    expect(confirmCalls).toBe(1);

    await page.reload();
    await page.getByText('Your email is already confirmed.').waitFor(VISIBLE);
  });

  it('shows Confirming email... until the server answers', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Account/ConfirmEmail', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/confirmemail?uname=nobody&created=1&expire=2&hash=abc');
    await page.getByText('Confirming email...').waitFor(VISIBLE);
    release();
    await page.getByRole('alert').waitFor(VISIBLE);
    expect(await page.getByText('Your Email is confirmed').count()).toBe(0);
  });

  it('resends the confirmation link from its own screen', async () => {
    const account = await signUpThroughApi('Resending Browser');
    await waitForMailTo(server.dataDir, account.email, { subject: /confirm/i });
    await page.goto('/sendemailconfirmationlink');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('- Email is invalid').waitFor(VISIBLE);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('main').getByRole('status').getByText(LINK_SENT).waitFor(VISIBLE);
    const deadline = Date.now() + 15_000;
    while ((await countMailTo(server.dataDir, account.email)) < 2) {
      if (Date.now() > deadline) throw new Error('No second confirmation e-mail');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
