import { CONTACT_MESSAGES, EMAIL_MESSAGES } from '@app/contracts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { waitForMailTo } from '../support/mailbox';

jest.setTimeout(90_000);

const OWNER = 'owner@example.com';
const site = useBrowserSite({ env: { CONTACT_EMAIL: OWNER } });

/** Issue 25: the Contact Me page's form, mailed to CONTACT_EMAIL. */
describe('Contact Me form', () => {
  it('checks the fields, sends the message without a login, and says it was sent', async () => {
    await site.page.goto('/contact-me');
    await heading(site.page, 'Contact Me').waitFor(VISIBLE);
    const form = site.page.getByRole('form', { name: 'Contact form' });
    await expectNoSeriousA11yViolations(site.page, 'contact form');

    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText(CONTACT_MESSAGES.nameRequired).waitFor(VISIBLE);
    await form.getByText(EMAIL_MESSAGES.required).waitFor(VISIBLE);
    await form.getByText(CONTACT_MESSAGES.messageRequired).waitFor(VISIBLE);

    await form.getByLabel('Your name').fill('Grace Hopper');
    await form.getByLabel('Your e-mail').fill('grace@example');
    await form.getByLabel('Message').fill('The second example of the spans article does not compile.');
    await form.getByText(EMAIL_MESSAGES.invalid).waitFor(VISIBLE);
    await form.getByLabel('Your e-mail').fill('grace@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();

    await site.page.getByRole('status').getByText(CONTACT_MESSAGES.sent).waitFor(VISIBLE);
    const mail = await waitForMailTo(site.server.dataDir, OWNER, { subject: /Contact form: Grace Hopper/ });
    expect(mail.text).toContain('The second example of the spans article does not compile.');
  });

  it('fits a phone: no sideways scrolling, no serious axe finding', async () => {
    await site.page.setViewportSize({ width: 390, height: 844 });
    await site.page.goto('/contact-me');
    await site.page.getByRole('form', { name: 'Contact form' }).waitFor(VISIBLE);
    // A string: the test files compile without the DOM's types.
    const widths = await site.page.evaluate<{ page: number; viewport: number }>(
      '({ page: document.documentElement.scrollWidth, viewport: window.innerWidth })',
    );
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await expectNoSeriousA11yViolations(site.page, 'contact form (phone)');
  });
});
