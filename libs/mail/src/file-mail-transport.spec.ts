import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { FileMailTransport, firstLink } from './file-mail-transport';
import { CONTRACT_FROM, describeMailTransportContract } from './mail-transport.contract';
import { deliveredMail } from '@app/testing';

function emlFiles(directory: string): string[] {
  try {
    return readdirSync(directory)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => join(directory, file));
  } catch {
    return [];
  }
}

describeMailTransportContract('.eml files', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mail-'));
  const directory = join(dataDir, 'mail');
  return {
    transport: new FileMailTransport({ directory, from: CONTRACT_FROM, logger: { log: () => undefined } }),
    delivered: () => Promise.all(emlFiles(directory).map(async (file) => deliveredMail(await simpleParser(readFileSync(file))))),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

describe('FileMailTransport', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes an RFC 822 message and logs its path and first link', async () => {
    const lines: string[] = [];
    const directory = join(dataDir, 'mail');
    const transport = new FileMailTransport({ directory, from: CONTRACT_FROM, logger: { log: (line) => lines.push(line) } });

    await transport.send({
      to: 'ada@example.com',
      subject: 'Confirm your e-mail',
      text: 'Welcome! Confirm at http://localhost:3000/confirmemail?uname=ada&hash=x1 (valid 15 minutes).',
      html: '<p>Welcome!</p>',
    });

    const [file] = emlFiles(directory);
    expect(file).toMatch(/[/\\]\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const raw = readFileSync(file, 'latin1');
    const [head] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^To: ada@example\.com$/m);
    expect(head).toMatch(/^From: DevCommunity <no-reply@devcommunity\.test>$/m);
    expect(head).toMatch(/^Subject: Confirm your e-mail$/m);
    expect(head).toMatch(/^Message-ID: <.+>$/m);
    expect(head).toMatch(/^Date: /m);
    expect(head).toMatch(/^MIME-Version: 1\.0$/m);
    expect(lines).toEqual([
      `Mail "Confirm your e-mail" to ada@example.com written to ${file}; its link: http://localhost:3000/confirmemail?uname=ada&hash=x1`,
    ]);
    await transport.close();
  });

  it('finds the first link of a text', () => {
    expect(firstLink('Open <https://example.com/a?b=1&c=2>, then http://x.test')).toBe('https://example.com/a?b=1&c=2');
    expect(firstLink('No link here.')).toBeUndefined();
  });
});
