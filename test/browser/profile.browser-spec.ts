import { readFile } from 'node:fs/promises';
import { listCities, listCountries, listStates } from '@app/api/reference-data/geography';
import { samplePng } from '@app/testing';
import type { Page } from 'playwright-core';
import { heading, HIDDEN, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { eventually } from '../support/eventually';
import { addTag, dialog } from '../support/post-pages';
import {
  basicInfo,
  chooseCity,
  chooseLocation,
  cityText,
  detail,
  historyItem,
  historyItems,
  openProfile,
  profileSection,
  profileTab,
  selectedText,
  sessionOf,
} from '../support/profile-pages';
import { askQuestion, publishArticle, resultRow, resultTitles } from '../support/search-pages';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';
import { expectNoSeriousA11yViolations } from '../support/axe';

jest.setTimeout(90_000);

const site = useBrowserSite();

// Places from the master data, by name: two states of one country, and another country.
const india = listCountries().find((country) => country.name === 'India')!;
const stateNamed = (name: string) => listStates(india.id).find((state) => state.name === name)!;
const [karnataka, maharashtra] = [stateNamed('Karnataka'), stateNamed('Maharashtra')];
const place = (state: typeof karnataka) => ({ country: india.name, state: state.name, city: listCities(state.id)[0].name });
const norway = listCountries().find((country) => country.name === 'Norway')!;

const signUp = (name: string) => signUpOnSite(site.server.url, name);
const asOwner = async (account: SiteAccount) => {
  const page = await site.openWithStoredSession(sessionOf(account));
  await openProfile(page, account.userName);
  return page;
};

const basicInfoBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  title: 'Analyst',
  phone: '+44 1234',
  dateOfBirth: '1990-12-10',
  genderId: 2,
  showDOB: false,
  showEmail: false,
  showPhone: false,
  ...overrides,
});

describe('profile: basic info', () => {
  it('edits basic info with the cascading location; Cancel restores it; the view shows the names after Save', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    expect(await detail(page, 'Country').textContent()).toBe('N/A');

    await basicInfo(page).getByRole('button', { name: 'Edit Basic Info' }).click();
    const form = page.getByRole('form', { name: 'Basic Info' });
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(owner.email);
    expect(await form.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();

    await chooseLocation(form, place(karnataka));
    // A new state reloads the cities and clears the city.
    await form.getByLabel('State', { exact: true }).selectOption({ label: maharashtra.name });
    expect(await cityText(form)).toBe('');
    await chooseCity(form, place(maharashtra).city);
    // A new country reloads the states and clears the state and the city.
    await form.getByLabel('Country', { exact: true }).selectOption({ label: norway.name });
    expect(await selectedText(form.getByLabel('State', { exact: true }))).toBe('Select State');
    expect(await cityText(form)).toBe('');
    await form.getByLabel('State', { exact: true }).selectOption({ label: listStates(norway.id)[0].name });

    // Cancel: the view keeps the previous (empty) values, and the next edit starts from them.
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await detail(page, 'Country').textContent()).toBe('N/A');
    await basicInfo(page).getByRole('button', { name: 'Edit Basic Info' }).click();
    expect(await selectedText(form.getByLabel('Country', { exact: true }))).toBe('Select Country');

    await form.getByLabel('Title', { exact: true }).fill('Analyst');
    await form.getByLabel('Phone', { exact: true }).fill('+44 1234');
    await form.getByLabel('Gender', { exact: true }).selectOption({ label: 'Female' });
    await chooseLocation(form, place(maharashtra));
    // Save needs a valid form: an invalid URL keeps the form open with the SPEC message.
    await form.getByLabel('Website', { exact: true }).fill('not a url');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('- Website URL is invalid').waitFor(VISIBLE);
    await form.getByLabel('Website', { exact: true }).fill('https://ada.example.org');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor(HIDDEN);

    expect(await detail(page, 'Country').textContent()).toBe(india.name);
    expect(await detail(page, 'State').textContent()).toBe(maharashtra.name);
    expect(await detail(page, 'City').textContent()).toBe(place(maharashtra).city);
    expect(await detail(page, 'Gender').textContent()).toBe('Female');
    expect(await detail(page, 'Phone').textContent()).toContain('+44 1234');
    expect(await detail(page, 'Website').textContent()).toBe('https://ada.example.org');
    expect(await detail(page, 'About').textContent()).toBe('N/A');
    // It was saved: a fresh load shows the same.
    await openProfile(page, owner.userName);
    expect(await detail(page, 'City').textContent()).toBe(place(maharashtra).city);
  });

  it("saves the name and title in place on focus-out, with '*' and 'Input Invalid'", async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    await page.getByRole('button', { name: /^Name: Ada Lovelace/ }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('');
    await name.blur();
    await page.getByRole('alert').filter({ hasText: /^\*$/ }).waitFor(VISIBLE);
    await name.fill('Ada King');
    await name.blur();
    await page.getByRole('button', { name: /^Name: Ada King/ }).waitFor(VISIBLE);
    // The navbar shows the new name at once, and the server has it.
    await navbar(page).getByRole('link', { name: 'Ada King' }).waitFor(VISIBLE);
    expect((await callSite<{ name: string }>(site.server.url, 'GET', `/api/User/${owner.userName}`)).name).toBe('Ada King');

    await page.getByRole('button', { name: 'Title: N/A (click to edit)' }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('x'.repeat(201));
    await title.blur();
    await page.getByRole('alert').filter({ hasText: 'Input Invalid' }).waitFor(VISIBLE);
    await title.fill('Analyst');
    await title.press('Enter');
    await page.getByRole('button', { name: /^Title: Analyst/ }).waitFor(VISIBLE);
    expect((await callSite<{ title: string }>(site.server.url, 'GET', `/api/User/${owner.userName}`)).title).toBe('Analyst');
  });

  it('shows the edit icons to the owner only, and private values to the owner only unless shown', async () => {
    const owner = await signUp('Ada Lovelace');
    const other = await signUp('Bob Other');
    await callSite(site.server.url, 'PUT', '/api/User/', { token: owner.token, body: basicInfoBody() });
    await callSite(site.server.url, 'POST', '/api/User/Projects', {
      token: owner.token,
      body: { projectName: 'Notes', projectDescription: 'Note G' },
    });

    const ownerPage = await asOwner(owner);
    await historyItem(ownerPage, 'Project History', 'Notes').waitFor(VISIBLE);
    expect(await detail(ownerPage, 'Phone').textContent()).toContain('+44 1234');
    expect(await detail(ownerPage, 'Email').textContent()).toContain(owner.email);
    expect(await detail(ownerPage, 'Age').textContent()).toMatch(/^\d+ Years/);
    expect(await ownerPage.getByRole('button', { name: 'Edit Basic Info' }).count()).toBe(1);
    expect(await ownerPage.getByRole('button', { name: 'Edit Notes' }).count()).toBe(1);
    expect(await ownerPage.getByRole('button', { name: 'Change picture' }).count()).toBe(1);

    const otherPage = await site.openAnotherBrowser(sessionOf(other));
    const visitorPage = await site.openAnotherBrowser();
    for (const page of [otherPage, visitorPage]) {
      await openProfile(page, owner.userName);
      await heading(page, 'Profile').waitFor(VISIBLE);
      await historyItem(page, 'Project History', 'Notes').waitFor(VISIBLE);
      expect(await page.getByRole('button', { name: /^(Edit|Add|Delete) / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Change picture' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /click to edit/ }).count()).toBe(0);
      for (const label of ['Phone', 'Email', 'Date of Birth', 'Age']) expect(await detail(page, label).textContent()).toBe('N/A');
      expect(await detail(page, 'Gender').textContent()).toBe('Female');
    }

    await callSite(site.server.url, 'PUT', '/api/User/', { token: owner.token, body: basicInfoBody({ showPhone: true, showDOB: true }) });
    await openProfile(visitorPage, owner.userName);
    expect(await detail(visitorPage, 'Phone').textContent()).toBe('+44 1234');
    expect(await detail(visitorPage, 'Date of Birth').textContent()).toBe('1990-12-10');
    expect(await detail(visitorPage, 'Email').textContent()).toBe('N/A');
  });
});

describe('profile: skills and histories', () => {
  it('edits the skills', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    const skills = profileSection(page, 'Skills');
    await skills.getByText('N/A').waitFor(VISIBLE);
    await skills.getByRole('button', { name: 'Edit Skills' }).click();
    await addTag(skills, 'csharp', 'Skills');
    await skills.getByRole('button', { name: 'Save' }).click();
    await skills.getByRole('list', { name: 'Skills' }).getByText('csharp').waitFor(VISIBLE);
    await openProfile(page, owner.userName);
    await profileSection(page, 'Skills').getByRole('list', { name: 'Skills' }).getByText('csharp').waitFor(VISIBLE);
  });

  it("adds, edits and deletes work history, with 'Currently Working Here' and the confirmation", async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    const section = profileSection(page, 'Work History');
    await section.getByText('No work history found.').waitFor(VISIBLE);

    await section.getByRole('button', { name: 'Add Work History' }).click();
    const add = page.getByRole('form', { name: 'Add Work History' });
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('- Company Name is required').waitFor(VISIBLE);
    await add.getByText('- City is required').waitFor(VISIBLE);
    await add.getByLabel('Company Name').fill('Analytical Engines');
    await add.getByLabel('Designation').fill('Programmer');
    await chooseLocation(add, place(karnataka));
    await add.getByLabel('Start Date').fill('2020-01-01');
    await add.getByLabel('End Date').fill('2021-06-30');
    await add.getByLabel('Currently Working Here').check();
    expect(await add.getByLabel('End Date').isDisabled()).toBe(true);
    expect(await add.getByLabel('End Date').inputValue()).toBe('');
    await add.getByRole('button', { name: 'Save' }).click();
    const engines = historyItem(page, 'Work History', 'Analytical Engines');
    await engines.getByText('Jan 2020 - Present').waitFor(VISIBLE);
    await engines.getByText(`${place(karnataka).city}, ${karnataka.name}, ${india.name}`).waitFor(VISIBLE);

    await engines.getByRole('button', { name: 'Edit Analytical Engines' }).click();
    const edit = page.getByRole('form', { name: 'Edit Analytical Engines' });
    expect(await edit.getByLabel('Designation').inputValue()).toBe('Programmer');
    await edit.getByLabel('Designation').fill('Lead');
    await edit.getByLabel('Currently Working Here').uncheck();
    await edit.getByLabel('End Date').fill('2021-06-30');
    // A new country clears the state and the city.
    await edit.getByLabel('Country', { exact: true }).selectOption({ label: norway.name });
    expect(await cityText(edit)).toBe('');
    await chooseLocation(edit, place(maharashtra));
    await edit.getByRole('button', { name: 'Save' }).click();
    await engines.getByText('Lead').waitFor(VISIBLE);
    await engines.getByText('Jan 2020 - Jun 2021').waitFor(VISIBLE);
    await engines.getByText(`${place(maharashtra).city}, ${maharashtra.name}, ${india.name}`).waitFor(VISIBLE);

    await section.getByRole('button', { name: 'Add Work History' }).click();
    await add.getByLabel('Company Name').fill('Babbage & Co');
    await add.getByLabel('Designation').fill('Analyst');
    await chooseLocation(add, place(karnataka));
    await add.getByLabel('Start Date').fill('2019-03-01');
    await add.getByRole('button', { name: 'Save' }).click();
    await historyItem(page, 'Work History', 'Babbage & Co').waitFor(VISIBLE);
    // Newest first.
    expect(await historyItems(page, 'Work History').getByRole('heading').allTextContents()).toEqual(['Babbage & Co', 'Analytical Engines']);

    await engines.getByRole('button', { name: 'Delete Analytical Engines' }).click();
    const confirm = dialog(page, 'Confirm');
    await confirm.getByText('Are you sure you want to delete this company?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor(HIDDEN);
    await engines.waitFor(VISIBLE);
    await engines.getByRole('button', { name: 'Delete Analytical Engines' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await engines.waitFor(HIDDEN);
    await historyItem(page, 'Work History', 'Babbage & Co').getByRole('button', { name: 'Delete Babbage & Co' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await section.getByText('No work history found.').waitFor(VISIBLE);
  });

  it('adds, edits and deletes project history, deleting without a confirmation', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    const section = profileSection(page, 'Project History');
    await section.getByText('No project history found.').waitFor(VISIBLE);

    await section.getByRole('button', { name: 'Add Project History' }).click();
    const add = page.getByRole('form', { name: 'Add Project History' });
    await add.getByLabel('Project Name').fill('Notes');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('- Project Description is required').waitFor(VISIBLE);
    await add.getByLabel('Project Description').fill('Note G on the engine');
    await add.getByLabel('Start Date').fill('2020-02-01');
    await add.getByRole('button', { name: 'Save' }).click();
    const notes = historyItem(page, 'Project History', 'Notes');
    await notes.getByText('Feb 2020 - Present').waitFor(VISIBLE);
    await notes.getByText('Note G on the engine').waitFor(VISIBLE);

    await notes.getByRole('button', { name: 'Edit Notes' }).click();
    const edit = page.getByRole('form', { name: 'Edit Notes' });
    await edit.getByLabel('Company Name').fill('Analytical Engines');
    await edit.getByLabel('End Date').fill('2019-01-01');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('- End Date cannot be before Start Date').waitFor(VISIBLE);
    await edit.getByLabel('End Date').fill('2020-12-31');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notes.getByText('Feb 2020 - Dec 2020').waitFor(VISIBLE);
    await notes.getByText('Analytical Engines').waitFor(VISIBLE);

    await notes.getByRole('button', { name: 'Delete Notes' }).click();
    await section.getByText('No project history found.').waitFor(VISIBLE);
    expect(await dialog(page, 'Confirm').count()).toBe(0);
  });

  it('adds, edits and deletes education history, with the confirmation', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    const section = profileSection(page, 'Education History');
    await section.getByText('No education history found.').waitFor(VISIBLE);

    await section.getByRole('button', { name: 'Add Education History' }).click();
    const add = page.getByRole('form', { name: 'Add Education History' });
    await add.getByLabel('University Name').fill('Cambridge');
    await chooseLocation(add, place(karnataka));
    await add.getByLabel('Start Date').fill('2010-10-01');
    await add.getByLabel('End Date').fill('2013-06-30');
    await add.getByRole('button', { name: 'Save' }).click();
    const cambridge = historyItem(page, 'Education History', 'Cambridge');
    await cambridge.getByText('Oct 2010 - Jun 2013').waitFor(VISIBLE);

    await cambridge.getByRole('button', { name: 'Edit Cambridge' }).click();
    const edit = page.getByRole('form', { name: 'Edit Cambridge' });
    await edit.getByLabel('University Name').fill('Cambridge University');
    // A new state clears the city.
    await edit.getByLabel('State', { exact: true }).selectOption({ label: maharashtra.name });
    expect(await cityText(edit)).toBe('');
    await chooseCity(edit, place(maharashtra).city);
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = historyItem(page, 'Education History', 'Cambridge University');
    await renamed.getByText(`${place(maharashtra).city}, ${maharashtra.name}, ${india.name}`).waitFor(VISIBLE);

    await renamed.getByRole('button', { name: 'Delete Cambridge University' }).click();
    const confirm = dialog(page, 'Confirm');
    await confirm.getByText('Are you sure you want to delete this education?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await section.getByText('No education history found.').waitFor(VISIBLE);
  });
});

describe('profile: picture', () => {
  /** The width a PNG says in its IHDR chunk. */
  const pngWidth = (png: Buffer) => png.readUInt32BE(16);

  it('shows the default icon, uploads a cropped 500 px picture through the modal, and falls back when it breaks', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    await page.getByRole('img', { name: 'Ada Lovelace (no picture)' }).waitFor(VISIBLE);

    await page.getByRole('button', { name: 'Change picture' }).click();
    const modal = dialog(page, 'Upload Image');
    await modal.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: samplePng() });
    await modal.getByRole('img', { name: 'Crop preview' }).waitFor(VISIBLE);
    // Attachment type 8: no caption, no description.
    expect(await modal.getByLabel('Caption').count()).toBe(0);
    expect(await modal.getByLabel('Description').count()).toBe(0);
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.waitFor(HIDDEN);

    const picture = page.getByRole('img', { name: 'Ada Lovelace', exact: true });
    await picture.waitFor(VISIBLE);
    const stored = await callSite<string>(site.server.url, 'GET', `/api/File/ProfilePicture/${owner.userName}`);
    expect(await picture.getAttribute('src')).toBe(`/ProfilePictures/${stored}`);
    const served = Buffer.from(await (await fetch(`${site.server.url}/ProfilePictures/${stored}`)).arrayBuffer());
    expect(pngWidth(served)).toBe(500);

    // A visitor sees it too; a picture that fails to load shows the default icon.
    const visitor = await site.openAnotherBrowser();
    await visitor.route('**/ProfilePictures/**', (route) => route.fulfill({ status: 404, body: '' }));
    await openProfile(visitor, owner.userName);
    await visitor.getByRole('img', { name: 'Ada Lovelace (no picture)' }).waitFor(VISIBLE);
  });
});

describe('profile: posts', () => {
  it("lists the user's posts in the Posts tab: published ones to a visitor, drafts too to the owner", async () => {
    const owner = await signUp('Ada Lovelace');
    const other = await signUp('Bob Other');
    const tags = (await callSite<Array<{ id: number; subTag: string }>>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
    await publishArticle(site.server.url, owner, { title: 'Engines and notes', tags });
    await askQuestion(site.server.url, owner, { title: 'How does the engine loop', tags });
    await callSite(site.server.url, 'POST', '/api/Article', {
      token: owner.token,
      body: { title: 'Draft on Bernoulli numbers', description: 'Draft', categoryId: 3, tags, content: '<p>Draft</p>', isPublished: false },
    });
    await publishArticle(site.server.url, other, { title: 'Someone else entirely', tags });

    const visitor = site.page;
    await openProfile(visitor, owner.userName);
    await profileTab(visitor, 'Posts').click();
    await resultRow(visitor, 'Engines and notes', 'Posts').waitFor(VISIBLE);
    expect((await resultTitles(visitor, 'Posts')).sort()).toEqual(['Engines and notes', 'How does the engine loop']);

    const ownerPage = await site.openAnotherBrowser(sessionOf(owner));
    await openProfile(ownerPage, owner.userName);
    await profileTab(ownerPage, 'Posts').click();
    await resultRow(ownerPage, 'Draft on Bernoulli numbers', 'Posts').waitFor(VISIBLE);
    expect(await resultTitles(ownerPage, 'Posts')).not.toContain('Someone else entirely');
  });
});

describe('profile: settings', () => {
  const openSettings = async (page: Page) => {
    await profileTab(page, 'Settings').click();
    await page.getByRole('heading', { name: 'Download my data' }).waitFor(VISIBLE);
  };

  it('turns e-mails of one kind off and others on (likes and new posts among them); the settings are kept', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    await openSettings(page);
    const comments = page.getByRole('checkbox', { name: 'Comments on my posts' });
    const mentions = page.getByRole('checkbox', { name: 'Mentions of me' });
    const likes = page.getByRole('checkbox', { name: 'Likes of my posts and comments' });
    const posts = page.getByRole('checkbox', { name: 'New posts by people and tags I follow' });
    await comments.waitFor(VISIBLE);
    expect(await comments.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Replies to my comments' }).isChecked()).toBe(true);
    for (const offByDefault of [mentions, likes, posts]) expect(await offByDefault.isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'the Settings tab');
    await comments.uncheck();
    await mentions.check();
    await likes.check();
    await posts.check();
    const preferences = () =>
      callSite<Record<string, boolean>>(site.server.url, 'GET', '/api/Account/EmailPreferences', { token: owner.token });
    await eventually(
      async () => {
        const { comment, mention, like, post } = await preferences();
        return !comment && mention && like && post;
      },
      'comment e-mails to be off and mention, like and new-post e-mails on',
      10_000,
    );
    await page.reload();
    await openSettings(page);
    await comments.waitFor(VISIBLE);
    expect(await comments.isChecked()).toBe(false);
    for (const turnedOn of [mentions, likes, posts]) expect(await turnedOn.isChecked()).toBe(true);
    await comments.check();
    await eventually(async () => (await preferences()).comment, 'comment e-mails to be on again', 10_000);
  });

  it('downloads my data as JSON', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    await openSettings(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { userName: string; email: string } };
    expect(data.account).toMatchObject({ userName: owner.userName, email: owner.email });
  });

  it('deletes my account with the password and a confirmation; the old login is refused', async () => {
    const owner = await signUp('Ada Lovelace');
    const page = await asOwner(owner);
    await openSettings(page);
    const form = page.getByRole('form', { name: 'Delete my account' });
    const confirm = dialog(page, 'Confirm');

    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await form.getByRole('alert').getByText('Password is incorrect.').waitFor(VISIBLE);

    await form.getByLabel('Password').fill(owner.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByText('Are you sure you want to delete your account?', { exact: false }).waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);

    await expect(
      callSite(site.server.url, 'POST', '/api/Account/Login', {
        body: { Email: owner.email, Password: owner.password, RememberMe: false },
      }),
    ).rejects.toThrow(/401/);
  });
});
