import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
let uploader: SiteAccount;
let admin: SiteAccount;

beforeAll(async () => {
  uploader = await signUpOnSite(site.server.url, 'Linus Uploader');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
});

const documentsSection = () => site.page.getByRole('region', { name: 'Uploaded documents' });

describe('Admin Panel uploaded documents', () => {
  it('says so when no document has been uploaded', async () => {
    await site.openWithStoredSession(admin);
    await site.page.goto('/admin');
    await heading(site.page, 'Admin Panel').waitFor(VISIBLE);
    await documentsSection().getByText('No documents uploaded yet.').waitFor(VISIBLE);
  });

  it("lists a member's uploaded document with its uploader and instructions, and downloads it", async () => {
    await site.openWithStoredSession(uploader);
    await site.page.goto('/documents/upload');
    await site.page.getByRole('heading', { name: 'Upload Documents' }).waitFor(VISIBLE);
    await site.page.getByLabel('Instructions (optional)').fill('Please publish this as an article.');
    await site.page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'async-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Async all the way down.\n') });
    await site.page.getByRole('button', { name: 'Upload' }).click();
    await site.page.getByText('Document uploaded successfully', { exact: true }).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(site.page, 'upload documents with its outcome');

    await site.openWithStoredSession(admin);
    await site.page.goto('/admin');
    const section = documentsSection();
    const item = section.getByRole('listitem').filter({ hasText: 'async-notes.txt' });
    await item.waitFor(VISIBLE);
    expect(await item.getByRole('link', { name: 'Linus Uploader' }).getAttribute('href')).toBe(`/profile/${uploader.userName}`);
    await item.getByText('Please publish this as an article.').waitFor(VISIBLE);
    await item.getByText(/^about (\d+ seconds?|a moment) ago$/).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(site.page, 'the Admin Panel with an uploaded document');
    expect(await section.getByText('No documents uploaded yet.').count()).toBe(0);

    const [download] = await Promise.all([
      site.page.waitForEvent('download'),
      item.getByRole('button', { name: 'Download async-notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('async-notes.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('Async all the way down.\n');
  });
});
