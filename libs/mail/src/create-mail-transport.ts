import { join } from 'node:path';
import type * as FileMail from './file-mail-transport';
import { MailLogger, MailTransport } from './mail-transport.port';
import type * as SmtpMail from './smtp-mail-transport';

export interface MailTransportConfig {
  dataDir: string;
  /** Set: SMTP. Unset: `.eml` files under `<dataDir>/mail`. */
  smtpUrl?: string;
  from: string;
  logger?: MailLogger;
}

/* eslint-disable @typescript-eslint/no-require-imports -- nodemailer loads only in a process that sends mail, not in every one that enqueues it */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  if (config.smtpUrl)
    return new (require('./smtp-mail-transport') as typeof SmtpMail).SmtpMailTransport({ url: config.smtpUrl, from: config.from });
  const { FileMailTransport } = require('./file-mail-transport') as typeof FileMail;
  return new FileMailTransport({ directory: join(config.dataDir, 'mail'), from: config.from, logger: config.logger });
}
/* eslint-enable @typescript-eslint/no-require-imports */
