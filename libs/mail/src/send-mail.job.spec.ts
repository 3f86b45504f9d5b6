import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { BullMqJobQueue, JobQueue, SqliteJobQueue } from '@app/queue';
import { MailMessage, MailTransport } from './mail-transport.port';
import { SEND_MAIL, sendMailJobHandler } from './send-mail.job';
import { SmtpMailTransport } from './smtp-mail-transport';
import { CapturingSmtpServer } from '@app/testing';

describe('sendMailJobHandler', () => {
  it('sends the job data through the transport', async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = {
      send: async (message) => {
        sent.push(message);
        return { messageId: '<1@test>' };
      },
      close: async () => undefined,
    };
    await sendMailJobHandler(transport)({ to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' });
    expect(sent).toEqual([{ to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' }]);
  });

  it('refuses malformed job data', async () => {
    const transport: MailTransport = { send: jest.fn(), close: async () => undefined };
    await expect(sendMailJobHandler(transport)({ subject: 'no recipient' })).rejects.toThrow();
    expect(transport.send).not.toHaveBeenCalled();
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

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'send-mail-'));
    smtp = await new CapturingSmtpServer().start();
    transport = new SmtpMailTransport({ url: smtp.url, from: 'DevCommunity <no-reply@devcommunity.test>' });
    queue = openQueue(dataDir);
  });

  afterEach(async () => {
    await queue.close();
    await transport.close();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a queued e-mail once, even when its event is enqueued twice', async () => {
    await queue.process(SEND_MAIL, sendMailJobHandler(transport));
    const eventId = randomUUID();
    const job = { id: eventId, name: SEND_MAIL, data: { to: 'ada@example.com', subject: 'Welcome', text: 'Hello Ada' } };
    await queue.enqueue(job);
    await queue.enqueue(job);

    const captured = await smtp.waitForMessageTo('ada@example.com');
    expect(captured.parsed.subject).toBe('Welcome');
    expect(captured.parsed.text?.trim()).toBe('Hello Ada');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });
});
