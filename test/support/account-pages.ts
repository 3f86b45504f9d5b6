import type { Page } from 'playwright-core';

/** The login page's two forms; the post view embeds the same ones for a logged-out visitor. */
export const loginForm = (page: Page) => page.getByRole('form', { name: 'Existing User' });
export const signupForm = (page: Page) => page.getByRole('form', { name: 'New User' });

export async function logIn(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Fills the New User form with a matching confirmation and presses Sign Up. */
export async function signUpThroughForm(page: Page, account: { name: string; email: string; password: string }) {
  const form = signupForm(page);
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}
