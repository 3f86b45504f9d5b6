import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailTransport } from './file-mail-transport';
import { forgetMailOf, forgetMailOfAccounts, PERSONAL_DATA_OF_HEADER } from './mail-folder';
import type { MailMessage } from './mail-transport.port';

describe('forgetMailOf', () => {
  let dataDir: string;
  let folder: string;
  let transport: FileMailTransport;
  const subjects = () =>
    readdirSync(folder)
      .map((file) => /^Subject: (.*)$/m.exec(readFileSync(join(folder, file), 'utf8'))?.[1])
      .sort();
  const send = (message: Partial<MailMessage> & { subject: string }) => transport.send({ to: 'x@example.com', text: 'Hello', ...message });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-folder-'));
    folder = join(dataDir, 'mail');
    transport = new FileMailTransport({ directory: folder, from: 'Site <no-reply@site.test>', logger: { log: () => undefined } });
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('deletes the mail to the erased person and the mail naming them, and nobody else mail', async () => {
    await send({ to: 'ann@example.com', subject: 'to ann', about: ['ann-id'] });
    await send({ to: 'joann@example.com', subject: 'to joann', about: ['joann-id'] });
    await send({ to: 'bob@example.com', subject: 'ann commented', about: ['bob-id', 'ann-id'] });
    await send({ to: '"Ann" <ANN@example.com>', subject: 'to ann, before the header' });
    await send({ to: 'carol@example.com', subject: 'mentions ann', text: 'Write to ann@example.com', about: ['carol-id'] });

    expect(await forgetMailOf(folder, { accountId: 'ann-id', email: ' Ann@Example.com ' })).toBe(3);

    expect(subjects()).toEqual(['mentions ann', 'to joann']);
  });

  it('finds the erased person by account id alone (a restore re-applying the erasure ledger)', async () => {
    await send({ to: 'ann@example.com', subject: 'to ann', about: ['ann-id'] });
    await send({ to: 'joann@example.com', subject: 'to joann', about: ['joann-id'] });
    await send({ to: 'bob@example.com', subject: 'to bob', about: ['bob-id'] });
    expect(await forgetMailOf(folder, { accountId: 'ann-id' })).toBe(1);
    expect(subjects()).toEqual(['to bob', 'to joann']);
    expect(await forgetMailOfAccounts(folder, new Set(['bob-id', 'joann-id', 'nobody']))).toBe(2);
    expect(subjects()).toEqual([]);
  });

  it('keeps the account ids in the .eml only, as one header', async () => {
    await send({ to: 'bob@example.com', subject: 'ann commented', about: ['bob-id', 'ann-id'] });
    const [file] = readdirSync(folder);
    expect(readFileSync(join(folder, file), 'utf8')).toMatch(new RegExp(`^${PERSONAL_DATA_OF_HEADER}: bob-id ann-id\\r$`, 'm'));
  });

  it('does nothing when there is no mail folder', async () => {
    expect(await forgetMailOf(join(dataDir, 'none'), { accountId: 'ann-id', email: 'ann@example.com' })).toBe(0);
  });
});
