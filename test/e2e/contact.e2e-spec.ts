import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_MESSAGES, EMAIL_MESSAGES } from '@app/contracts';
import { waitForMailTo } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

const OWNER = 'owner@example.com';
const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'Your article on spans has a typo in the second example.',
  ...overrides,
});

/** Issue 25: POST /api/Contact, the Contact Me page's form, mailed to CONTACT_EMAIL through the mail queue. */
describe('POST /api/Contact', () => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ env: { CONTACT_EMAIL: OWNER, RATE_LIMITS: 'contact=3/1h' } });
  });
  afterAll(() => site.dispose());

  const send = (body: object) => site.http().post('/api/Contact').send(body);

  it('refuses a bad form with the field’s message (400), without counting it against the limit', async () => {
    const refused = async (body: object) => (await send(body).expect(400)).body as { success: boolean; errorMessage: string };
    expect(await refused(message({ name: '  ' }))).toMatchObject({ success: false, errorMessage: CONTACT_MESSAGES.nameRequired });
    expect((await refused(message({ name: 'x'.repeat(101) }))).errorMessage).toBe(CONTACT_MESSAGES.nameTooLong);
    expect((await refused(message({ name: 'Eve\r\nBcc: all@example.com' }))).errorMessage).toBe(CONTACT_MESSAGES.nameInvalid);
    expect((await refused(message({ email: 'not-an-address' }))).errorMessage).toBe(EMAIL_MESSAGES.invalid);
    expect((await refused(message({ email: undefined }))).errorMessage).toBe(EMAIL_MESSAGES.required);
    expect((await refused(message({ message: '' }))).errorMessage).toBe(CONTACT_MESSAGES.messageRequired);
    expect((await refused(message({ message: 'x'.repeat(5001) }))).errorMessage).toBe(CONTACT_MESSAGES.messageTooLong);
    expect((await refused({})).errorMessage).toContain(CONTACT_MESSAGES.nameRequired);
  });

  it('mails the message to CONTACT_EMAIL through the queue, Reply-To the sender, with no login', async () => {
    expect((await send(message()).expect(200)).body).toMatchObject({ success: true, result: true });
    const mail = await waitForMailTo(site.dataDir, OWNER, { subject: /Contact form: Grace Hopper/ });
    expect(mail.text).toContain('Grace Hopper <grace@example.com> wrote through the contact form:');
    expect(mail.text).toContain('Your article on spans has a typo in the second example.');
    const raw = readdirSync(join(site.dataDir, 'mail'))
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(site.dataDir, 'mail', file), 'utf8'))
      .find((eml) => eml.includes('Contact form: Grace Hopper'));
    expect(raw).toMatch(/^Reply-To: grace@example\.com\r?$/m);
  });

  it('limits messages per client address (429 with the wait), as configured', async () => {
    await send(message({ message: 'Second' })).expect(200);
    await send(message({ message: 'Third' })).expect(200);
    const refused = await send(message({ message: 'Fourth' })).expect(429);
    expect(refused.body.errorMessage).toMatch(/^Too many messages from your address\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 503 with a clear message when CONTACT_EMAIL is not set', async () => {
    const bare = await startTestApp();
    try {
      const response = await bare.http().post('/api/Contact').send(message()).expect(503);
      expect(response.body).toMatchObject({ success: false, result: null, errorMessage: CONTACT_MESSAGES.unavailable });
    } finally {
      await bare.dispose();
    }
  });
});
