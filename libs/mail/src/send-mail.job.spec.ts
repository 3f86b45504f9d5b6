import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { JobQueue, SqliteJobQueue } from '@app/queue';
import { BullMqJobQueue } from '@app/queue/bullmq/bullmq-job-queue';
import { MailMessage, MailTransport } from './mail-transport.port';
import { SEND_MAIL, sendMailJobHandlerWithVault, type SendMailJob } from './send-mail.job';
import { SmtpMailTransport } from './smtp-mail-transport';
import { CapturingSmtpServer } from '@app/testing';

const message = { to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' };

describe('sendMailJobHandler', () => {
  let dataDir: string;
  let keyStore: SqliteKeyStore;
  let vault: PersonalDataVault;
  let sent: MailMessage[];
  const transport: MailTransport = {
    send: async (mail) => {
      sent.push(mail);
      return { messageId: '<1@test>' };
    },
    close: async () => undefined,
  };
  const handler = () => sendMailJobHandlerWithVault(transport, vault);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'send-mail-job-'));
    keyStore = SqliteKeyStore.open(dataDir);
    vault = new PersonalDataVault(keyStore);
    sent = [];
  });

  afterEach(async () => {
    await keyStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the sealed message with the recipient key and sends it', async () => {
    const job: SendMailJob = { accountId: 'a-1', sealed: await vault.seal('a-1', message) };
    expect(JSON.stringify(job)).not.toContain('ada@example.com');
    await handler()(job);
    expect(sent).toEqual([message]);
  });

  it('completes without sending once the recipient was erased (key shredded)', async () => {
    const job: SendMailJob = { accountId: 'a-1', sealed: await vault.seal('a-1', message) };
    await vault.shred('a-1');
    await handler()(job);
    expect(sent).toEqual([]);
  });

  it('completes without sending a message that names someone erased meanwhile (a commenter)', async () => {
    const naming = { ...message, about: ['a-1', 'commenter'] };
    await vault.seal('commenter', { name: 'Carl' });
    const job: SendMailJob = { accountId: 'a-1', sealed: await vault.seal('a-1', naming) };
    await vault.shred('commenter');
    await handler()(job);
    expect(sent).toEqual([]);
  });

  it('sends a message that names people who still have their data', async () => {
    const naming = { ...message, about: ['a-1', 'commenter'] };
    await vault.seal('commenter', { name: 'Carl' });
    await handler()({ accountId: 'a-1', sealed: await vault.seal('a-1', naming) });
    expect(sent).toEqual([naming]);
  });

  it('refuses malformed job data', async () => {
    await expect(handler()({ subject: 'no recipient' })).rejects.toThrow();
    await expect(handler()({ accountId: 'a-1', sealed: await vault.seal('a-1', { subject: 'no recipient' }) })).rejects.toThrow();
    expect(sent).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const queues: Array<[string, (dataDir: string) => JobQueue]> = [
  [
    'the embedded SQLite queue',
    (dataDir) => new SqliteJobQueue({ file: join(dataDir, 'queue.sqlite'), backoffMs: 20, pollIntervalMs: 20 }),
  ],
];
// Without TEST_REDIS_URL the BullMQ contract spec already fails (CI) or lists a todo.
if (redisUrl) queues.push(['BullMQ on Redis', () => new BullMqJobQueue({ url: redisUrl, prefix: `test-${randomUUID()}`, backoffMs: 20 })]);

describe.each(queues)('send-mail jobs over %s to a real SMTP server', (_name, openQueue) => {
  let dataDir: string;
  let smtp: CapturingSmtpServer;
  let queue: JobQueue;
  let transport: SmtpMailTransport;
  let keyStore: SqliteKeyStore;
  let vault: PersonalDataVault;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'send-mail-'));
    keyStore = SqliteKeyStore.open(dataDir);
    vault = new PersonalDataVault(keyStore);
    smtp = await new CapturingSmtpServer().start();
    transport = new SmtpMailTransport({ url: smtp.url, from: 'DevCommunity <no-reply@devcommunity.test>' });
    queue = openQueue(dataDir);
  });

  afterEach(async () => {
    await queue.close();
    await transport.close();
    await smtp.stop();
    await keyStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a queued e-mail once, even when its event is enqueued twice', async () => {
    await queue.process(SEND_MAIL, sendMailJobHandlerWithVault(transport, vault));
    const eventId = randomUUID();
    const data: SendMailJob = {
      accountId: 'a-1',
      sealed: await vault.seal('a-1', { to: 'ada@example.com', subject: 'Welcome', text: 'Hello Ada' }),
    };
    const job = { id: eventId, name: SEND_MAIL, data };
    await queue.enqueue(job);
    await queue.enqueue(job);

    const captured = await smtp.waitForMessageTo('ada@example.com');
    expect(captured.parsed.subject).toBe('Welcome');
    expect(captured.parsed.text?.trim()).toBe('Hello Ada');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });
});
