import { join } from 'node:path';
import { FileMailTransport } from './file-mail-transport';
import { MailLogger, MailTransport } from './mail-transport.port';
import { SmtpMailTransport } from './smtp-mail-transport';

export interface MailTransportConfig {
  dataDir: string;
  /** Set: SMTP. Unset: `.eml` files under `<dataDir>/mail`. */
  smtpUrl?: string;
  from: string;
  logger?: MailLogger;
}

export function createMailTransport(config: MailTransportConfig): MailTransport {
  if (config.smtpUrl) return new SmtpMailTransport({ url: config.smtpUrl, from: config.from });
  return new FileMailTransport({ directory: join(config.dataDir, 'mail'), from: config.from, logger: config.logger });
}
