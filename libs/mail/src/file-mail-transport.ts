import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import StreamTransport from 'nodemailer/lib/stream-transport';
import { PERSONAL_DATA_OF_HEADER } from './mail-folder';
import { MailLogger, MailMessage, MailTransport, SentMail } from './mail-transport.port';

export interface FileMailTransportOptions {
  /** Where the .eml files go, usually `<dataDir>/mail`. */
  directory: string;
  from: string;
  logger?: MailLogger;
}

/**
 * Without an SMTP server, every message becomes a real RFC 822 `.eml` file (open it in any mail
 * client) and the first link of its text is logged, so a newcomer can confirm an account or
 * reset a password straight from the console.
 */
export class FileMailTransport implements MailTransport {
  private readonly composer: Transporter<StreamTransport.SentMessageInfo>;
  private readonly logger: MailLogger;

  constructor(private readonly options: FileMailTransportOptions) {
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    this.logger = options.logger ?? { log: (line) => console.log(line) };
  }

  async send({ about, ...message }: MailMessage): Promise<SentMail> {
    const headers = about?.length ? { ...message.headers, [PERSONAL_DATA_OF_HEADER]: about.join(' ') } : message.headers;
    const info = await this.composer.sendMail({ from: this.options.from, ...message, headers });
    await mkdir(this.options.directory, { recursive: true });
    const file = join(this.options.directory, `${fileTimestamp(new Date())}-${randomBytes(4).toString('hex')}.eml`);
    // Written aside and renamed, so whoever watches the folder never reads half a message.
    await writeFile(`${file}.partial`, info.message as Buffer);
    await rename(`${file}.partial`, file);

    const link = firstLink(message.text);
    this.logger.log(`Mail "${message.subject}" to ${message.to} written to ${file}${link ? `; its link: ${link}` : ''}`);
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}

/** 2025-01-31T12:34:56.789Z -> 20250131T123456789Z: sorts by time and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"')\]]+/.exec(text)?.[0];
}
