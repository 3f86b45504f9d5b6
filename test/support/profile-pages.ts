import type { Locator, Page } from 'playwright-core';
import { VISIBLE } from './browser-site';
import type { SiteAccount } from './site-api';

/** Selectors and flows of the profile screen (apps/web/src/features/profile). */

export const profileSection = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
export const basicInfo = (page: Page) => profileSection(page, 'Basic Info');
/** A basic-info value in view mode ('N/A' when empty). */
export const detail = (page: Page, label: string) => basicInfo(page).getByLabel(label, { exact: true });
export const profileTab = (page: Page, name: 'Profile' | 'Posts' | 'Settings') => page.getByRole('tab', { name });
export const historyItems = (page: Page, title: string) =>
  profileSection(page, title).getByRole('list', { name: title }).getByRole('listitem');
export const historyItem = (page: Page, title: string, name: string) =>
  historyItems(page, title).filter({ has: page.getByRole('heading', { name, exact: true }) });

export const sessionOf = (account: SiteAccount) => ({
  userName: account.userName,
  name: account.name,
  token: account.token,
  roleId: account.roleId,
});

/** Opens /profile/{userName} and waits for the Profile tab's basic info. */
export async function openProfile(page: Page, userName: string): Promise<void> {
  await page.goto(`/profile/${userName}`);
  await basicInfo(page).waitFor(VISIBLE);
}

/** Picks a place in a form's cascading selects; each select waits for its options to load. */
export async function chooseLocation(form: Locator, place: { country: string; state: string; city: string }): Promise<void> {
  await form.getByLabel('Country', { exact: true }).selectOption({ label: place.country });
  await form.getByLabel('State', { exact: true }).selectOption({ label: place.state });
  await chooseCity(form, place.city);
}

/** The city's searchable combobox: type part of the name, then pick the suggestion. */
export async function chooseCity(form: Locator, city: string): Promise<void> {
  const box = form.getByRole('combobox', { name: 'City', exact: true });
  await box.fill(city);
  await form.getByRole('option', { name: city, exact: true }).click();
  await form.getByRole('listbox', { name: 'Matching cities' }).waitFor({ state: 'hidden', timeout: 10_000 });
}

/** The city the combobox shows ('' when none is chosen). */
export const cityText = (form: Locator) => form.getByRole('combobox', { name: 'City', exact: true }).inputValue();

/** The text of the option a select shows. */
export const selectedText = (select: Locator) =>
  select.evaluate(
    (element) =>
      (element as unknown as { selectedOptions: ArrayLike<{ textContent: string | null }> }).selectedOptions[0]?.textContent ?? '',
  );
